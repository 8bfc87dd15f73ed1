import type { Course } from '@tasreeh/shared';
import { MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { validateExam } from './exam-form.tsx';
import { SessionsForm, validateSessions } from './sessions-form.tsx';

const COURSE = {
  id: 3,
  sessions: [
    {
      position: 1,
      titleEn: 'Hand washing',
      titleAr: 'غسل اليدين',
      durationMinutes: 60,
      trainingType: 'in_person',
    },
    { position: 2, titleEn: 'Storage', titleAr: 'التخزين', durationMinutes: 90, trainingType: 'remote' },
  ],
} as Course;

const row = {
  titleEn: 'Storage',
  titleAr: 'التخزين',
  durationMinutes: '٩٠',
  trainingType: 'remote',
  key: 'a',
};

function renderSessions() {
  const onSubmit = vi.fn(async () => undefined);
  renderWithProviders(
    <SessionsForm
      course={COURSE}
      submitting={false}
      submitLabel="Next"
      onBack={() => {}}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('SessionsForm', () => {
  it('sends the sessions in the order shown, after a move', async () => {
    const user = userEvent.setup();
    const onSubmit = renderSessions();
    expect(screen.getByText('Total duration: 150 minutes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move session 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { titleEn: 'Storage', titleAr: 'التخزين', durationMinutes: '90', trainingType: 'remote' },
      { titleEn: 'Hand washing', titleAr: 'غسل اليدين', durationMinutes: '60', trainingType: 'in_person' },
    ]);
  });

  it('asks for at least one session when every row is removed', async () => {
    const user = userEvent.setup();
    const onSubmit = renderSessions();
    await user.click(screen.getByRole('button', { name: 'Remove session 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove session 1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.SESSIONS_REQUIRED.en);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names the field of each bad session by its path', () => {
    expect(validateSessions({ sessions: [row] })).toEqual({});
    expect(validateSessions({ sessions: [row, { ...row, titleEn: '', durationMinutes: '0' }] })).toEqual({
      'sessions.1.titleEn': 'ENTER_SESSION_TITLE',
      'sessions.1.durationMinutes': 'SESSION_DURATION_INVALID',
    });
  });
});

describe('the exam settings rules', () => {
  const exam = {
    questionCount: '30',
    fullMarks: '100',
    passingMarks: '60',
    failedMarks: '59',
    durationMinutes: '45',
  };
  it('keeps passing below full marks and asks for all five numbers', () => {
    expect(validateExam(exam)).toEqual({});
    expect(validateExam({ ...exam, passingMarks: '100' })).toEqual({
      passingMarks: 'PASSING_MARKS_BELOW_FULL',
    });
    expect(validateExam({ ...exam, durationMinutes: '' })).toEqual({
      durationMinutes: 'EXAM_FIELDS_REQUIRED',
    });
  });
});
