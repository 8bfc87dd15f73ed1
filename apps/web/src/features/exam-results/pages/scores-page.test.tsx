import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExamResultRow } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdminScoresPage, ExaminerScoreAdminPage, StudentScoresPage } from './scores-page.tsx';

const ROW: ExamResultRow = {
  id: 11,
  bookingId: 5,
  studentId: 7,
  studentNameEn: 'Amin Hussain',
  studentNameAr: 'أمين حسين',
  idNumber: '2000000006',
  courseId: 1,
  courseNameEn: 'Food Safety Basics',
  courseNameAr: 'أساسيات سلامة الغذاء',
  sessionId: 9,
  sessionStartsAt: '2026-11-20T06:00:00.000Z',
  branchId: 3,
  examType: 'ReAssessment',
  language: 'ur',
  score: 72.5,
  result: 'Passed',
  certificateId: 4,
  attendance: 'Attended',
  submittedAt: '2026-11-20T06:30:00.000Z',
};

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      requests.push(`${pathname.replace(/^\/api/, '')}${search}`);
      const params = new URLSearchParams(search);
      const matches = params.get('result') !== 'Failed';
      if (pathname.endsWith('/export') || pathname.endsWith('/pdf')) {
        return new Response('bytes', { headers: { 'Content-Type': 'application/octet-stream' } });
      }
      const body = pathname.endsWith('/exam-results/count')
        ? { total: matches ? 1 : 0, capped: false }
        : pathname.endsWith('/exam-results')
          ? { items: matches ? [ROW] : [], nextCursor: null }
          : pathname.endsWith('/users')
            ? { items: [{ id: 5, nameEn: 'Mona Al-Harthi', nameAr: 'منى الحارثي', email: 'x' }] }
            : pathname.endsWith('/bookings/courses')
              ? {
                  items: [
                    { id: 1, nameEn: 'Food Safety Basics', nameAr: 'أساسيات سلامة الغذاء', total: 100 },
                  ],
                }
              : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function renderPage(page: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin scores', () => {
  it('lists results, filters by result and exports with the same filters', async () => {
    renderPage(<AdminScoresPage />);
    const table = await screen.findByRole('table');
    const row = within(table).getByTestId('exam-result-11');
    expect(within(row).getByText('Amin Hussain')).toBeInTheDocument();
    expect(within(row).getByText('ReAssessment')).toBeInTheDocument();
    expect(within(row).getByText('Urdu')).toBeInTheDocument();
    expect(within(row).getByText('Passed')).toBeInTheDocument();
    expect(within(row).getByText('Attended')).toBeInTheDocument();
    expect(await screen.findByTestId('exam-result-total-count')).toHaveTextContent('1 result');

    await userEvent.click(screen.getByRole('combobox', { name: 'Result' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed', hidden: true }));
    await waitFor(() =>
      expect(requests).toContain('/exam-results?result=Failed&sort=sessionStartsAt&order=desc&limit=20'),
    );
    expect(await screen.findByText('No results match the search and filters.')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('export-results'));
    await waitFor(() => expect(requests).toContain('/exam-results/export?result=Failed'));
  });

  it('shows the list in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderPage(<AdminScoresPage />);
    const row = await screen.findByTestId('exam-result-11');
    expect(within(row).getByText('أمين حسين')).toBeInTheDocument();
    expect(within(row).getByText('ناجح')).toBeInTheDocument();
    expect(within(row).getByText('إعادة تقييم')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /تصدير/ })).toBeInTheDocument();
  });
});

describe('examiner-score', () => {
  it('filters by the examiner of the session', async () => {
    renderPage(<ExaminerScoreAdminPage />);
    await screen.findByTestId('exam-result-11');
    expect(screen.getByRole('heading', { name: 'Examiner scores' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Examiner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mona Al-Harthi', hidden: true }));
    await waitFor(() =>
      expect(requests).toContain('/exam-results?examinerId=5&sort=sessionStartsAt&order=desc&limit=20'),
    );
  });
});

describe('a student’s scores', () => {
  it('shows its own results without the student columns or a search, and downloads the certificate', async () => {
    renderPage(<StudentScoresPage />);
    const row = await screen.findByTestId('exam-result-11');
    expect(within(row).queryByText('Amin Hussain')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(requests).toContain('/certificates/4/pdf'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });
});
