import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { type ExamFormValues, validateExam } from './exam-form.tsx';
import { ImportPanel } from './import-panel.tsx';
import { QuestionDialog, questionErrors } from './question-form.tsx';

function withQueries(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const EXAM: ExamFormValues = {
  courseId: '3',
  titleEn: 'Kitchen',
  titleAr: 'المطبخ',
  questionCount: '30',
  fullMarks: '100',
  passingMarks: '60',
  failedMarks: '59',
  durationMinutes: '45',
  practicalMarks: '',
  review: 'score',
  status: 'active',
};

describe('the exam form’s §5 checks (the shared rules, before sending)', () => {
  it('passes a good exam', () => {
    expect(validateExam(EXAM)).toEqual({});
  });

  it('wants passing marks below full marks', () => {
    expect(validateExam({ ...EXAM, passingMarks: '100' })).toEqual({
      passingMarks: 'PASSING_MARKS_BELOW_FULL',
    });
  });

  it.each(['questionCount', 'fullMarks', 'passingMarks', 'failedMarks', 'durationMinutes'] as const)(
    'wants %s',
    (field) => {
      expect(validateExam({ ...EXAM, [field]: '' })[field]).toBe('EXAM_FIELDS_REQUIRED');
    },
  );

  it('wants a course and both titles', () => {
    expect(validateExam({ ...EXAM, courseId: '', titleEn: ' ', titleAr: '' })).toEqual({
      courseId: 'SELECT_COURSE',
      titleEn: 'EXAM_TITLE_REQUIRED',
      titleAr: 'EXAM_TITLE_REQUIRED',
    });
  });
});

describe('the question checks', () => {
  const answer = (text: string, correct = false) => ({ text, correct, audioFileId: null });
  const question = { text: 'Wash?', imageFileId: null, audioFileId: null };

  it('names each §5 rule', () => {
    expect(questionErrors({ ...question, answers: [answer('Yes', true), answer('No')] })).toEqual({});
    expect(questionErrors({ ...question, text: ' ', answers: [answer('Yes', true), answer('No')] })).toEqual({
      text: 'QUESTION_TEXT_REQUIRED',
    });
    expect(questionErrors({ ...question, answers: [] }).answers).toBe('ANSWERS_REQUIRED');
    expect(questionErrors({ ...question, answers: [answer('Yes', true), answer('')] })).toEqual({
      'answers.1.text': 'ANSWER_TEXT_REQUIRED',
    });
    expect(questionErrors({ ...question, answers: [answer('Yes'), answer('No')] }).answers).toBe(
      'ONE_CORRECT_ANSWER',
    );
  });

  it('shows the messages in the dialog and sends nothing', async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: { examId: 4, courseId: 3, language: 'ar', direction: 'rtl', questions: [] },
    }));
    withQueries(<QuestionDialog examId={4} language="ur" opened onClose={() => {}} />);
    const text = screen.getByRole('textbox', { name: /^Question \(اردو\)/ });
    // The box is marked with the bank's language, and sits in a right-to-left wrapper for Urdu.
    expect(text).toHaveAttribute('lang', 'ur');
    expect(text.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    const answer = screen.getByRole('textbox', { name: /^Answer 1/ });
    expect(answer.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.QUESTION_TEXT_REQUIRED.en)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.ANSWER_TEXT_REQUIRED.en)).toHaveLength(4);
    expect(calls.filter((call) => call.body !== undefined)).toEqual([]);
  });
});

describe('the import report', () => {
  it('shows every bad row as a table, in the words the API sent', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'IMPORT_ROWS_INVALID',
        message: MESSAGES.IMPORT_ROWS_INVALID.en,
        data: {
          rows: [
            {
              row: 3,
              column: 'question',
              code: 'QUESTION_TEXT_REQUIRED',
              message: MESSAGES.QUESTION_TEXT_REQUIRED.en,
            },
            {
              row: 7,
              column: 'correct answer',
              code: 'CORRECT_ANSWER_NUMBER_INVALID',
              message: MESSAGES.CORRECT_ANSWER_NUMBER_INVALID.en,
            },
          ],
        },
      },
    }));
    const { container } = withQueries(<ImportPanel examId={4} language="en" canEdit />);
    const input = container.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const user = userEvent.setup();
    await user.upload(input, new File(['PK'], 'bank.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: 'The rows to correct' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowColumnProblem',
      `3question${MESSAGES.QUESTION_TEXT_REQUIRED.en}`,
      `7correct answer${MESSAGES.CORRECT_ANSWER_NUMBER_INVALID.en}`,
    ]);
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
  });
});
