import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES, type MyExam } from '@tasreeh/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamListPage } from './exam-list-page.tsx';

function exam(id: number, overrides: Partial<MyExam> = {}): MyExam {
  return {
    id,
    bookingId: id,
    bookingNumber: `BK-000000${id}`,
    bookingStatus: 'Booked',
    student: { id: 3, nameEn: 'Amal', nameAr: 'أمل' },
    courseId: 1,
    courseNameEn: `Course ${id}`,
    courseNameAr: `دورة ${id}`,
    examType: 'Assessment',
    session: {
      id: 100 + id,
      startsAt: '2026-11-26T10:00:00.000Z',
      endsAt: '2026-11-26T11:00:00.000Z',
      delivery: 'in_person',
      language: 'en',
      branchNameEn: 'Riyadh',
      branchNameAr: 'الرياض',
      classroom: 'Hall 2',
    },
    checkinComplete: true,
    attempt: null,
    ...overrides,
  };
}

const AVAILABLE = [
  exam(1, { checkinComplete: false }),
  exam(2),
  exam(3, {
    attempt: { id: 30, status: 'in_progress', score: null, result: null, certificateId: null },
  }),
];
const PAST = [
  exam(4, { attempt: { id: 40, status: 'submitted', score: 86, result: 'Passed', certificateId: 9 } }),
];

function renderList(url = '/student/exam') {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/student/exam" element={<ExamListPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('ExamListPage', () => {
  it('offers each available exam its next step: check in, start or continue', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/my-exams/count') return { status: 200, body: { total: 3, capped: false } };
      if (call.path === '/my-exams') return { status: 200, body: { items: AVAILABLE, nextCursor: null } };
      return { status: 200, body: { items: [] } };
    });
    renderList();
    const first = await screen.findByRole('article', { name: 'Course 1' });
    expect(within(first).getByRole('link', { name: 'Check in' })).toHaveAttribute(
      'href',
      '/student/exam/check-out/1',
    );
    expect(
      within(screen.getByRole('article', { name: 'Course 2' })).getByRole('link', { name: 'Start the exam' }),
    ).toHaveAttribute('href', '/student/exam/session/2');
    expect(
      within(screen.getByRole('article', { name: 'Course 3' })).getByRole('link', {
        name: 'Continue the exam',
      }),
    ).toHaveAttribute('href', '/student/exam/session/3');
    expect(within(first).getByText('Riyadh · Hall 2')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/my-exams')).toBeTruthy();
  });

  it('shows past exams with their result, review and certificate', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/my-exams/count') return { status: 200, body: { total: 1, capped: false } };
      if (call.path === '/my-exams') return { status: 200, body: { items: PAST, nextCursor: null } };
      return { status: 200, body: { items: [] } };
    });
    renderList('/student/exam?tab=past');
    const card = await screen.findByRole('article', { name: 'Course 4' });
    expect(within(card).getByText('Passed')).toBeInTheDocument();
    expect(within(card).getByText('Score: 86')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      '/student/exam/session-review/40',
    );
    expect(within(card).getByRole('button', { name: 'Download my certificate' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.some((call) => call.path === '/my-exams')).toBe(true);
  });

  it('says "No available exams found with the selected filters" when a tab is empty, and switches tabs', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const address = new URL(url, 'http://localhost');
        if (address.pathname === '/api/my-exams') asked.push(address.searchParams.get('tab') ?? '');
        const body = address.pathname.endsWith('/count')
          ? { total: 0, capped: false }
          : address.pathname === '/api/my-exams'
            ? { items: [], nextCursor: null }
            : { items: [] };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderList();
    expect(await screen.findByText(MESSAGES.NO_EXAMS_FOUND.en)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await screen.findByText(MESSAGES.NO_EXAMS_FOUND.en);
    expect(asked).toContain('available');
    expect(asked).toContain('upcoming');
  });
});
