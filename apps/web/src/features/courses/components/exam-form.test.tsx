import { type Course, MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamForm } from './exam-form.tsx';

const COURSE = {
  id: 3,
  exam: { questionCount: 30, fullMarks: 100, passingMarks: 60, failedMarks: 40, durationMinutes: 45 },
} as Course;

function renderExam() {
  const onSubmit = vi.fn(async () => undefined);
  renderWithProviders(
    <ExamForm course={COURSE} submitting={false} submitLabel="Save" onBack={() => {}} onSubmit={onSubmit} />,
  );
  return onSubmit;
}

async function setField(label: RegExp, value: string) {
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('ExamForm', () => {
  it('tells the range of each setting', () => {
    renderExam();
    expect(screen.getByRole('textbox', { name: /^Full marks/ })).toHaveAccessibleDescription(
      'A whole number from 1 to 1,000',
    );
    expect(screen.getByRole('textbox', { name: /^Failed marks/ })).toHaveAccessibleDescription(
      'A whole number from 0 to 1,000',
    );
  });

  it('refuses a passing mark of 1,000 on 100 full marks without sending', async () => {
    const onSubmit = renderExam();
    await setField(/^Passing marks/, '1000');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.PASSING_MARKS_BELOW_FULL.en)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses negative marks without sending', async () => {
    const onSubmit = renderExam();
    await setField(/^Failed marks/, '-5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.WHOLE_NUMBER_INVALID.en)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
