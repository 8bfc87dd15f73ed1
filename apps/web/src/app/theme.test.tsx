import { DirectionProvider, MantineProvider, Stepper } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STEPPER_LINE_MIN, theme } from './theme.ts';

function renderStepper(dir: 'ltr' | 'rtl') {
  return render(
    <DirectionProvider initialDirection={dir}>
      <MantineProvider theme={theme}>
        <div dir={dir}>
          <Stepper active={0}>
            <Stepper.Step label="البيانات الشخصية" />
            <Stepper.Step label="الهوية" />
            <Stepper.Step label="المراجعة" />
          </Stepper>
        </div>
      </MantineProvider>
    </DirectionProvider>,
  );
}

describe('stepper', () => {
  for (const dir of ['rtl', 'ltr'] as const) {
    it(`keeps its steps on one row with a line of some length between them (${dir})`, () => {
      const { container } = renderStepper(dir);
      const steps = container.querySelector('.mantine-Stepper-steps');
      expect(steps).not.toHaveAttribute('data-wrap');
      const lines = [...container.querySelectorAll<HTMLElement>('.mantine-Stepper-separator')];
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line.style.minWidth).toBe(STEPPER_LINE_MIN);
    });
  }
});
