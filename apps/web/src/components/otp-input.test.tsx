import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { OtpInput, type OtpInputType } from './otp-input.tsx';

function Harness({
  length,
  inputType,
  initial = '',
  onComplete,
}: {
  length?: number;
  inputType?: OtpInputType;
  initial?: string;
  onComplete?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput
        value={value}
        onChange={setValue}
        length={length}
        inputType={inputType}
        label="Code"
        onComplete={onComplete}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const value = () => screen.getByTestId('value').textContent;

describe('OtpInput', () => {
  it('draws 4 boxes by default, or N when asked, in a named group', () => {
    renderWithProviders(<Harness />);
    expect(boxes()).toHaveLength(4);
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
    expect(boxes()[0]).toHaveAccessibleName('Digit 1 of 4');
    cleanupAndRender(<Harness length={6} />);
    expect(boxes()).toHaveLength(6);
  });

  it('takes one digit per box and moves on as the user types', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderWithProviders(<Harness length={4} onComplete={onComplete} />);
    await user.click(boxes()[0]!);
    await user.keyboard('1234');
    expect(value()).toBe('1234');
    for (const [index, digit] of ['1', '2', '3', '4'].entries()) expect(boxes()[index]).toHaveValue(digit);
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('accepts only digits in numeric mode, and reads Arabic-Indic digits as digits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={4} />);
    await user.click(boxes()[0]!);
    await user.keyboard('a1b٢');
    expect(value()).toBe('12');
  });

  it('accepts letters in text mode', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={4} inputType="text" />);
    await user.click(boxes()[0]!);
    await user.keyboard('a1');
    expect(value()).toBe('a1');
  });

  it('spreads a pasted code over the remaining boxes and cuts what does not fit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={6} initial="12" />);
    await user.click(boxes()[2]!);
    await user.paste('3456789');
    expect(value()).toBe('123456');
  });

  it('drops what is not a digit from a pasted code in numeric mode', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={6} />);
    await user.click(boxes()[0]!);
    await user.paste('12-34 56');
    expect(value()).toBe('123456');
  });

  it('goes back with Backspace, clearing the box before an empty one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={4} initial="123" />);
    await user.click(boxes()[3]!);
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1');
  });

  it('moves between boxes with the arrow keys, never past the first empty one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={4} initial="12" />);
    await user.click(boxes()[1]!);
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(boxes()[2]).toHaveFocus();
  });

  it('sends a click on a later empty box to the first empty one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness length={4} initial="1" />);
    await user.click(boxes()[3]!);
    expect(boxes()[1]).toHaveFocus();
  });
});

function cleanupAndRender(ui: Parameters<typeof renderWithProviders>[0]) {
  document.body.innerHTML = '';
  renderWithProviders(ui);
}
