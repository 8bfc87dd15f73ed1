import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { allPrivileges, type RetakeRow } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signedInUser } from '../../../test/signed-in-user.ts';
import { setCurrentUser } from '../../auth/current-user.ts';
import { BookRetakePage } from './book-retake-page.tsx';
import { RetakeListPage } from './retake-list-page.tsx';

const row = (overrides: Partial<RetakeRow>): RetakeRow => ({
  id: 1,
  studentId: 7,
  studentNameEn: 'Amin Hussain',
  studentNameAr: 'أمين حسين',
  idNumber: '2000000006',
  courseId: 1,
  courseNameEn: 'Food Safety Basics',
  courseNameAr: 'أساسيات سلامة الغذاء',
  branchId: 3,
  fails: 1,
  lastScore: 40,
  lastExamAt: '2026-11-20T06:00:00.000Z',
  due: 'ReAssessment',
  fee: 0,
  bookedBookingId: null,
  ...overrides,
});
const ROWS = [
  row({}),
  row({ id: 2, studentId: 8, studentNameEn: 'Bilal Khan', fails: 2, due: 'ReTake', fee: 17_250 }),
  row({ id: 3, studentId: 9, studentNameEn: 'Chand Ali', fails: 3, due: 'rebook-course', fee: null }),
];
const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const SESSIONS = [
  {
    id: 21,
    kind: 'exam',
    courseId: 1,
    examType: 'ReAssessment',
    language: 'en',
    startsAt: future(48),
    capacity: 5,
    seatsLeft: 2,
  },
  {
    id: 22,
    kind: 'exam',
    courseId: 1,
    examType: 'ReTake',
    language: 'en',
    startsAt: future(50),
    capacity: 5,
    seatsLeft: 2,
  },
  {
    id: 23,
    kind: 'exam',
    courseId: 1,
    examType: 'Assessment',
    language: 'en',
    startsAt: future(52),
    capacity: 5,
    seatsLeft: 2,
  },
];

let requests: { method: string; path: string; body?: unknown }[] = [];
let bookedStatus = 'Booked';

beforeEach(() => {
  requests = [];
  setCurrentUser(
    signedInUser(
      { userId: 1, name: 'Teller', type: 'Teller', privileges: allPrivileges() },
      { retakes: { book: true } },
    ),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      const path = `${pathname.replace(/^\/api/, '')}${search}`;
      requests.push({
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const params = new URLSearchParams(search);
      const rows = ROWS.filter((item) => !params.get('due') || item.due === params.get('due'));
      let body: unknown = [];
      if (pathname.endsWith('/retakes/count')) body = { total: rows.length, capped: false };
      else if (pathname.endsWith('/retakes')) body = { items: rows, nextCursor: null };
      else if (pathname.endsWith('/bookings/courses')) body = { items: [] };
      else if (pathname.endsWith('/sessions')) body = { items: SESSIONS };
      else if (pathname.endsWith('/retakes/bookings'))
        body = {
          id: 99,
          number: 'BK-0000099',
          status: bookedStatus,
          channel: 'counter',
          paymentType: 'full',
          paymentTiming: 'Immediate',
          holdExpiresAt: null,
          sessionId: 21,
          studentId: 7,
          corporateId: null,
          batchId: null,
          originalFee: 0,
          amanaFee: 0,
          vat: 0,
          total: 0,
          amountPaid: 0,
          createdAt: new Date().toISOString(),
          message: bookedStatus === 'Booked' ? 'The free ReAssessment is booked.' : 'Held',
        };
      return new Response(JSON.stringify(body), {
        status: pathname.endsWith('/retakes/bookings') ? 201 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setCurrentUser(null);
  await i18next.changeLanguage('en');
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/retake-exam" element={<RetakeListPage />} />
          <Route path="/admin/retake-exam/book-retake" element={<BookRetakePage />} />
          <Route path="/admin/retake-exam/book-retake/payment/:id" element={<p>payment step</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('retake-exam', () => {
  it('lists what is due with its fee, and offers the booking by the rule', async () => {
    renderAt('/admin/retake-exam');
    const first = await screen.findByTestId('retake-7-1');
    expect(within(first).getByText('ReAssessment')).toBeInTheDocument();
    expect(within(first).getByText('Free')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Book ReAssessment' })).toHaveAttribute(
      'href',
      '/admin/retake-exam/book-retake?studentId=7&courseId=1&due=ReAssessment',
    );
    const second = screen.getByTestId('retake-8-1');
    expect(within(second).getByText(/172\.50/)).toBeInTheDocument();
    const third = screen.getByTestId('retake-9-1');
    expect(within(third).getByText('Book the course again')).toBeInTheDocument();
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers no booking to a caller the retakes policy does not let book, whatever their privileges', async () => {
    setCurrentUser(
      signedInUser({ userId: 1, name: 'Teller', type: 'Teller', privileges: allPrivileges() }, {}),
    );
    renderAt('/admin/retake-exam');
    const first = await screen.findByTestId('retake-7-1');
    expect(within(first).queryByRole('link', { name: 'Book ReAssessment' })).not.toBeInTheDocument();
  });

  it('books a ReAssessment in a session of that form only', async () => {
    renderAt('/admin/retake-exam/book-retake?studentId=7&courseId=1&due=ReAssessment');
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(1);
    await userEvent.click(radios[0] as HTMLElement);
    await userEvent.click(screen.getByTestId('book-retake'));
    expect(await screen.findByTestId('retake-booked')).toHaveTextContent('The free ReAssessment is booked.');
    const post = requests.find((request) => request.method === 'POST');
    expect(post).toMatchObject({ path: '/retakes/bookings', body: { studentId: 7, sessionId: 21 } });
  });

  it('goes on to the payment step for a ReTake, in Arabic', async () => {
    await i18next.changeLanguage('ar');
    bookedStatus = 'Pending Payment';
    renderAt('/admin/retake-exam/book-retake?studentId=8&courseId=1&due=ReTake');
    expect(await screen.findByRole('heading', { name: 'حجز إعادة اختبار' })).toBeInTheDocument();
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(1);
    await userEvent.click(radios[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'الحجز والانتقال إلى الدفع' }));
    expect(await screen.findByText('payment step')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        studentId: 8,
        sessionId: 22,
      }),
    );
    bookedStatus = 'Booked';
  });
});
