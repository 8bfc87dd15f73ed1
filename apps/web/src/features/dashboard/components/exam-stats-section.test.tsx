import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExamStats } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamStatsSection } from './exam-stats-section.tsx';

const STATS: ExamStats = {
  total: { key: 'all', passed: 1234, failed: 766, passRate: 0.617, failRate: 0.383 },
  byLanguage: [
    { key: 'ar', passed: 34, failed: 66, passRate: 0.34, failRate: 0.66 },
    { key: 'en', passed: 1200, failed: 700, passRate: 1200 / 1900, failRate: 700 / 1900 },
  ],
  byExamType: [
    { key: 'Assessment', passed: 1200, failed: 700, passRate: 1200 / 1900, failRate: 700 / 1900 },
    { key: 'ReTake', passed: 34, failed: 66, passRate: 0.34, failRate: 0.66 },
  ],
  topFailingQuestions: [
    {
      itemKey: 'k1',
      questionIds: [41, 97],
      courseId: 1,
      text: 'At what temperature must cooked rice be kept hot so that bacteria cannot grow in it before it is served to customers?',
      language: 'en',
      drawn: 40,
      wrong: 30,
      wrongRate: 0.75,
    },
  ],
};
const EMPTY: ExamStats = {
  total: { key: 'all', passed: 0, failed: 0, passRate: 0, failRate: 0 },
  byLanguage: [],
  byExamType: [],
  topFailingQuestions: [],
};

let requests: URLSearchParams[] = [];
let answer: (params: URLSearchParams) => ExamStats = () => STATS;

beforeEach(() => {
  requests = [];
  answer = () => STATS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      expect(pathname).toBe('/api/exam-stats');
      requests.push(searchParams);
      return new Response(JSON.stringify(answer(searchParams)), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

/** 2026-11-26 at 22:30 UTC is already the 27th in Riyadh. */
const NOW = new Date('2026-11-26T22:30:00Z');

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ExamStatsSection now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ExamStatsSection', () => {
  it('shows the last 30 Riyadh days: totals, pass/fail by language and form, the failing questions', async () => {
    renderSection();
    expect(await screen.findByTestId('stats-passed')).toHaveTextContent('1,234');
    expect(requests[0]?.get('from')).toBe('2026-10-29');
    expect(requests[0]?.get('to')).toBe('2026-11-27');
    expect(screen.getByTestId('stats-failed')).toHaveTextContent('766');
    expect(screen.getByTestId('stats-results')).toHaveTextContent('2,000');
    expect(screen.getByTestId('stats-pass-rate')).toHaveTextContent('61.7%');
    const arabic = within(screen.getByTestId('stats-by-language')).getByText('Arabic').closest('tr');
    expect(arabic).toHaveTextContent(/Arabic\s*34\s*66\s*34%/);
    const retake = within(screen.getByTestId('stats-by-form')).getByText('ReTake').closest('tr');
    expect(retake).toHaveTextContent(/ReTake\s*34\s*66/);
    const question = within(screen.getByTestId('stats-top-questions')).getAllByRole('row')[1];
    expect(question).toHaveTextContent('#41, #97');
    expect(question).toHaveTextContent('30 of 40');
    expect(question).toHaveTextContent('75%');
    // The text shortened, the whole of it in the tooltip.
    const text = within(question as HTMLElement).getByTitle(STATS.topFailingQuestions[0]?.text ?? '');
    expect(text.textContent?.endsWith('…')).toBe(true);
    expect(text.textContent?.length).toBeLessThanOrEqual(80);
  });

  it('says so when the period has no results, in Arabic too', async () => {
    answer = () => EMPTY;
    await i18next.changeLanguage('ar');
    renderSection();
    expect(await screen.findByText('لا توجد نتائج اختبارات في هذه الفترة')).toBeInTheDocument();
    expect(screen.queryByTestId('stats-by-language')).not.toBeInTheDocument();
  });

  it('asks for the period chosen: the last 7 days, this year', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByTestId('stats-passed');
    await user.click(screen.getByText('Last 7 days'));
    await vi.waitFor(() => expect(requests.at(-1)?.get('from')).toBe('2026-11-21'));
    expect(requests.at(-1)?.get('to')).toBe('2026-11-27');
    await user.click(screen.getByText('This year'));
    await vi.waitFor(() => expect(requests.at(-1)?.get('from')).toBe('2026-01-01'));
  });

  it('shows an error with a retry when the statistics cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 500, code: 'REQUEST_FAILED', message: 'x' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderSection();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
