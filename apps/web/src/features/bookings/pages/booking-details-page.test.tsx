import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BookingDetail } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSar } from '../../../i18n/format.ts';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentBookingDetailsPage } from './booking-details-page.tsx';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const BOOKING: BookingDetail = {
  id: 12,
  number: 'BK-0000012',
  status: 'Pending Payment',
  channel: 'student',
  paymentType: 'full',
  paymentTiming: 'Immediate',
  holdExpiresAt: new Date(Date.now() + 10 * 60_000 + 5_000).toISOString(),
  sessionId: 4,
  studentId: 5,
  corporateId: null,
  batchId: null,
  originalFee: 30_000,
  amanaFee: 0,
  vat: 4_500,
  total: 34_500,
  amountPaid: 0,
  createdAt: '2026-11-20T08:00:00.000Z',
  session: {
    id: 4,
    kind: 'training',
    examType: null,
    courseId: 3,
    courseNameEn: 'Food Safety Basics',
    courseNameAr: 'أساسيات سلامة الغذاء',
    branchId: 1,
    branchNameEn: 'Riyadh — Olaya',
    branchNameAr: 'الرياض — العليا',
    delivery: 'remote',
    language: 'en',
    startsAt: '2026-12-01T06:00:00.000Z',
    endsAt: '2026-12-01T07:00:00.000Z',
  },
  student: { id: 5, nameEn: 'Mohammed Rahman', nameAr: 'محمد رحمن', idNumber: '2000000001' },
  history: [
    {
      action: 'booking.create',
      event: 'booked',
      at: '2026-11-20T08:00:00.000Z',
      byUserId: 9,
      by: { nameEn: 'Mohammed Rahman', nameAr: 'محمد رحمن' },
    },
  ],
  payments: [],
  documents: [],
  givenBack: 0,
  leftToGiveBack: 0,
  abilities: { cancel: false, move: false },
};

/** The same booking paid in cash at the counter, with its invoice, and the caller allowed to change it. */
const PAID: BookingDetail = {
  ...BOOKING,
  status: 'Booked',
  holdExpiresAt: null,
  amountPaid: 34_500,
  leftToGiveBack: 34_500,
  payments: [
    {
      id: 31,
      method: 'cash',
      status: 'paid',
      amount: 34_500,
      paidAt: '2026-11-20T08:05:00.000Z',
      invoiceId: 41,
      invoiceNumber: 'INV-000041',
    },
  ],
  documents: [
    { id: 41, kind: 'invoice', number: 'INV-000041', issuedAt: '2026-11-20T08:05:00.000Z', total: 34_500 },
  ],
  history: [
    ...BOOKING.history,
    {
      action: 'payment.create',
      event: 'paid',
      at: '2026-11-20T08:05:00.000Z',
      byUserId: 7,
      by: { nameEn: 'Teller One', nameAr: 'أمين الصندوق' },
    },
    { action: 'booking.expire', event: 'expired', at: '2026-11-20T08:06:00.000Z', byUserId: null, by: null },
  ],
  abilities: { cancel: true, move: true },
};

function renderAt(id: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/student/booking/${id}`]}>
        <Routes>
          <Route path="/student/booking/:id" element={<StudentBookingDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('StudentBookingDetailsPage', () => {
  it('shows the status, the hold counting down, the session in Riyadh time, the price and the way to pay', async () => {
    // The clock stands still (timers run): the countdown shows the hold's ten minutes exactly,
    // however long the screen takes to render.
    vi.useFakeTimers({ toFake: ['Date'] });
    const holdExpiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    stubApi(() => ({ status: 200, body: { ...BOOKING, holdExpiresAt } }));
    renderAt('12');
    expect(await screen.findByRole('heading', { name: 'Booking BK-0000012' })).toBeInTheDocument();
    expect(screen.getByText('Pending Payment')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Your seat is held for 10:00 more');
    // 06:00 UTC is 09:00 in Riyadh, whatever the test machine's zone.
    expect(screen.getByText(/9:00/)).toBeInTheDocument();
    expect(screen.getByText(/345\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to payment' })).toHaveAttribute(
      'href',
      '/student/payments/check-out/12',
    );
    expect(screen.getByRole('note')).toHaveTextContent('You may cancel before the session starts');
  });

  it('says so in Arabic when the booking is not the caller’s (404)', async () => {
    await i18next.changeLanguage('ar');
    stubApi(() => ({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'غير موجود' } }));
    renderAt('999');
    expect(await screen.findByText('لم يتم العثور على هذا الحجز.')).toBeInTheDocument();
  });

  it('shows an expired hold without a way to pay', async () => {
    stubApi(() => ({ status: 200, body: { ...BOOKING, status: 'Expired' } }));
    renderAt('12');
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('shows empty payments, invoices and no way to cancel or move when the caller may not', async () => {
    stubApi(() => ({ status: 200, body: BOOKING }));
    renderAt('12');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('No payments yet.');
    expect(screen.getByRole('region', { name: 'Invoices and credit notes' })).toHaveTextContent(
      'No invoices yet.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
  });

  it('lists the payment with its invoice, the invoice, and the history with who did what', async () => {
    stubApi(() => ({ status: 200, body: PAID }));
    renderAt('12');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Cash')).toBeInTheDocument();
    expect(within(payments).getByText('Paid')).toBeInTheDocument();
    expect(within(payments).getByRole('button', { name: 'Download INV-000041' })).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Invoices and credit notes' });
    expect(documents).toHaveTextContent(/Invoice INV-000041/);
    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Booked — .* · by Mohammed Rahman$/),
      expect.stringMatching(/^Paid — .* · by Teller One$/),
      expect.stringMatching(/^Hold expired — .* · by the system$/),
    ]);
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Teller One')).toHaveAttribute(
      'data-user-data',
    );
  });

  it('states the rule before cancelling a paid booking, then cancels it with an Idempotency-Key', async () => {
    const calls = stubApi((call) =>
      call.path.endsWith('/cancel')
        ? {
            status: 200,
            body: {
              id: 12,
              status: 'Cancelled',
              refund: { kind: 'balance', amount: 34_500, givenBackBefore: 0 },
              creditNoteId: 51,
              message: 'The booking is cancelled; SAR 345.00 has been added to the balance.',
            },
          }
        : { status: 200, body: PAID },
    );
    renderAt('12');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking BK-0000012?' });
    expect(dialog).toHaveTextContent('A booking can be cancelled only before its session starts.');
    expect(dialog).toHaveTextContent(/345\.00 has been paid: it becomes a credit in the payer's balance/);
    expect(dialog).toHaveTextContent(/Left to give back: .*345\.00/);
    expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const cancelCall = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url).endsWith('/api/bookings/12/cancel'));
    expect(cancelCall?.[1]?.method).toBe('POST');
    expect(new Headers(cancelCall?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says what is left to give back of a payment partly refunded, and that nothing is left of one refunded in full', async () => {
    const partly = { ...PAID, givenBack: 10_000, leftToGiveBack: 24_500 };
    stubApi(() => ({ status: 200, body: partly }));
    renderAt('12');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking BK-0000012?' });
    expect(dialog).toHaveTextContent(
      /345\.00 has been paid and .*100\.00 of it already given back by refunds: only what is left becomes a credit/,
    );
    expect(dialog).toHaveTextContent(/Left to give back: .*245\.00/);
  });

  it('says in Arabic that a booking refunded in full credits nothing when cancelled', async () => {
    await i18next.changeLanguage('ar');
    stubApi(() => ({ status: 200, body: { ...PAID, givenBack: 34_500, leftToGiveBack: 0 } }));
    renderAt('12');
    await userEvent.click(await screen.findByRole('button', { name: 'إلغاء الحجز' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'وأُرجع كله باسترداد سابق: الإلغاء يتيح المقعد ولا يضيف شيئاً إلى الرصيد.',
    );
    expect(dialog).toHaveTextContent(`المتبقي للإرجاع: ${formatSar(0, 'ar').replace(/\s+/g, ' ')}`);
  });

  it('says an unpaid booking just frees its seat, in Arabic too', async () => {
    await i18next.changeLanguage('ar');
    stubApi(() => ({ status: 200, body: { ...BOOKING, abilities: { cancel: true, move: false } } }));
    renderAt('12');
    await userEvent.click(await screen.findByRole('button', { name: 'إلغاء الحجز' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('لم يُدفع شيء: الإلغاء يتيح المقعد فقط.');
  });

  it('moves to another upcoming session of the same course and kind picked in a dialog', async () => {
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const sessions = [
      {
        id: 4,
        kind: 'training',
        courseId: 3,
        startsAt: later(2),
        endsAt: later(2),
        capacity: 10,
        seatsLeft: 3,
      },
      {
        id: 6,
        kind: 'training',
        courseId: 3,
        startsAt: later(4),
        endsAt: later(4),
        capacity: 10,
        seatsLeft: 2,
      },
      { id: 7, kind: 'exam', courseId: 3, startsAt: later(5), endsAt: later(5), capacity: 10, seatsLeft: 2 },
      {
        id: 8,
        kind: 'training',
        courseId: 9,
        startsAt: later(6),
        endsAt: later(6),
        capacity: 10,
        seatsLeft: 2,
      },
    ];
    const calls = stubApi((call) => {
      if (call.path === '/sessions') return { status: 200, body: { items: sessions } };
      if (call.path.endsWith('/move')) {
        return {
          status: 200,
          body: {
            id: 12,
            sessionId: 6,
            fromSessionId: 4,
            message: 'The booking is moved to the new session.',
          },
        };
      }
      return { status: 200, body: PAID };
    });
    renderAt('12');
    await userEvent.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move booking BK-0000012' });
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('radio'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to this session' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/bookings/12/move')?.body).toEqual({ sessionId: 6 }),
    );
  });
});
