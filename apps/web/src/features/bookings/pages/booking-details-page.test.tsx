import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BookingDetail } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentBookingDetailsPage } from './booking-details-page.tsx';

afterEach(async () => {
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
  history: [{ action: 'booking.create', at: '2026-11-20T08:00:00.000Z', byUserId: 9 }],
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
    stubApi(() => ({ status: 200, body: BOOKING }));
    renderAt('12');
    expect(await screen.findByRole('heading', { name: 'Booking BK-0000012' })).toBeInTheDocument();
    expect(screen.getByText('Pending Payment')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Your seat is held for 10:0\d more/);
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
});
