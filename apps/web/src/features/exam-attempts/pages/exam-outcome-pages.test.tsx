import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AttemptView } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamDonePage } from './exam-done-page.tsx';
import { ExamReviewPage } from './exam-review-page.tsx';

const QUESTION = {
  id: 101,
  text: 'Where are chemicals kept?',
  imageUrl: null,
  audioUrl: null,
  answers: [
    { id: 1, text: 'Away from food', audioUrl: null },
    { id: 2, text: 'Next to the bread', audioUrl: null },
  ],
};

function view(overrides: Partial<AttemptView>): AttemptView {
  return {
    id: 41,
    bookingId: 7,
    status: 'submitted',
    titleEn: 'Food Safety exam',
    titleAr: 'اختبار سلامة الغذاء',
    language: 'en',
    direction: 'ltr',
    startedAt: new Date().toISOString(),
    endsAt: new Date().toISOString(),
    extraSeconds: 0,
    serverNow: new Date().toISOString(),
    secondsLeft: 0,
    questions: [QUESTION],
    answers: { '101': 2 },
    outcome: { score: 90, result: 'Passed', certificateId: 5 },
    ...overrides,
  };
}

function renderAt(url: string) {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/student/exam/done" element={<ExamDonePage />} />
          <Route path="/student/exam/session-review/:attemptId" element={<ExamReviewPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('exam/done', () => {
  it('shows the score, Passed and the certificate download', async () => {
    stubApi(() => ({ status: 200, body: view({}) }));
    renderAt('/student/exam/done?attempt=41');
    const outcome = await screen.findByTestId('exam-outcome');
    expect(within(outcome).getByText('Score: 90')).toBeInTheDocument();
    expect(within(outcome).getByText('Passed')).toBeInTheDocument();
    expect(within(outcome).getByRole('button', { name: 'Download my certificate' })).toBeInTheDocument();
  });

  it('waits for the server to hand in an attempt past its deadline, then shows the outcome', async () => {
    const calls = stubApi((_call, index) =>
      index === 0
        ? { status: 200, body: view({ status: 'in_progress', outcome: null }) }
        : { status: 200, body: view({ outcome: { score: 40, result: 'Failed', certificateId: null } }) },
    );
    renderAt('/student/exam/done?attempt=41');
    expect(await screen.findByText('Your exam is being handed in. Please wait…')).toBeInTheDocument();
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download my certificate' })).toBeNull();
    expect(calls.every((call) => call.path === '/exam-attempts/41')).toBe(true);
  });

  it('hides the score when the review setting is none', async () => {
    stubApi(() => ({
      status: 200,
      body: view({ outcome: { score: null, result: null, certificateId: null } }),
    }));
    renderAt('/student/exam/done?attempt=41');
    expect(
      await screen.findByText('Your answers are saved. The result will be given to you by the centre.'),
    ).toBeInTheDocument();
  });
});

describe('exam/session-review', () => {
  it('shows each question with the chosen and the correct answer', async () => {
    stubApi((call) =>
      call.path.endsWith('/review')
        ? {
            status: 200,
            body: {
              review: 'answers',
              outcome: { score: 0, result: 'Failed', certificateId: null },
              questions: [{ ...QUESTION, chosenAnswerId: 2, correctAnswerId: 1 }],
            },
          }
        : { status: 200, body: view({}) },
    );
    renderAt('/student/exam/session-review/41');
    const question = await screen.findByRole('region', { name: 'Question 1 of 1' });
    expect(within(question).getByText('Wrong')).toBeInTheDocument();
    expect(within(question).getByText(/correct answer/)).toBeInTheDocument();
    expect(within(question).getByText(/your answer/)).toBeInTheDocument();
  });

  it('says the review is not offered when the server refuses it (403)', async () => {
    stubApi((call) =>
      call.path.endsWith('/review')
        ? { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } }
        : { status: 200, body: view({}) },
    );
    renderAt('/student/exam/session-review/41');
    expect(await screen.findByText('This exam does not offer a review.')).toBeInTheDocument();
  });
});
