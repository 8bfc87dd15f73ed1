import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { type StubAnswer, type StubCall, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentBookingPage } from './student-booking-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const COURSES = {
  items: [{ id: 3, nameEn: 'Food Safety Basics', nameAr: 'أساسيات سلامة الغذاء', total: 34_500 }],
};
const SESSIONS = {
  items: [
    {
      id: 41,
      kind: 'training',
      courseId: 3,
      startsAt: IN_A_WEEK,
      endsAt: IN_A_WEEK,
      capacity: 20,
      seatsLeft: 4,
    },
    { id: 42, kind: 'exam', courseId: 3, startsAt: IN_A_WEEK, endsAt: IN_A_WEEK, capacity: 20, seatsLeft: 0 },
    {
      id: 43,
      kind: 'training',
      courseId: 9,
      startsAt: IN_A_WEEK,
      endsAt: IN_A_WEEK,
      capacity: 20,
      seatsLeft: 9,
    },
  ],
};

function answer(created: StubAnswer) {
  return (call: StubCall): StubAnswer => {
    if (call.path === '/bookings/courses') return { status: 200, body: COURSES };
    if (call.path === '/sessions') return { status: 200, body: SESSIONS };
    if (call.path === '/bookings' && call.body) return created;
    if (call.path === '/bookings') return { status: 200, body: { items: [], nextCursor: null } };
    return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  };
}

function CheckoutProbe() {
  return <p>checkout of {useParams().id}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/student/booking']}>
        <Routes>
          <Route path="/student/booking" element={<StudentBookingPage />} />
          <Route path="/student/payments/check-out/:id" element={<CheckoutProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function pickSession(user: ReturnType<typeof userEvent.setup>, courseLabel: RegExp, next: RegExp) {
  const labelled = await screen.findAllByLabelText(courseLabel);
  const courseInput = labelled.find((element) => element.tagName === 'INPUT');
  await user.click(courseInput as HTMLElement);
  await user.click(
    await screen.findByRole('option', { name: /Food Safety Basics|أساسيات سلامة الغذاء/, hidden: true }),
  );
  const radios = await screen.findAllByRole('radio');
  // The course's two sessions only; the full one cannot be picked.
  expect(radios).toHaveLength(2);
  expect(radios[1]).toBeDisabled();
  await user.click(radios[0] as HTMLElement);
  await user.click(screen.getByRole('button', { name: next }));
}

describe('StudentBookingPage', () => {
  it('books a session after "Select Date" and "Payment And Confirm", then goes to the check-out', async () => {
    const calls = stubApi(
      answer({
        status: 201,
        body: {
          id: 77,
          number: 'BK-0000077',
          status: 'Pending Payment',
          channel: 'student',
          paymentType: 'full',
          paymentTiming: 'Immediate',
          holdExpiresAt: IN_A_WEEK,
          sessionId: 41,
          studentId: 5,
          corporateId: null,
          batchId: null,
          originalFee: 30_000,
          amanaFee: 0,
          vat: 4_500,
          total: 34_500,
          amountPaid: 0,
          createdAt: IN_A_WEEK,
          message: 'Your seat is held for 15 minutes until payment.',
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No bookings yet.')).toBeInTheDocument();
    expect(screen.getByText('Select Date')).toBeInTheDocument();
    await pickSession(user, /^Course$/, /Next/);
    expect(
      screen.getByText(
        "You may cancel before the session starts; an unpaid booking frees the seat; a paid one becomes a credit in the payer's balance.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByText('checkout of 77')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/bookings' && call.body)?.body).toEqual({ sessionId: 41 });
  });

  it('shows the server’s refusal in Arabic when the last seat was taken', async () => {
    await i18next.changeLanguage('ar');
    stubApi(
      answer({ status: 409, body: { statusCode: 409, code: 'SESSION_FULL', message: 'هذه الجلسة مكتملة.' } }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('اختر التاريخ')).toBeInTheDocument();
    await pickSession(user, /^الدورة$/, /التالي/);
    expect(screen.getByText(/يمكنك الإلغاء قبل بدء الجلسة/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تأكيد والدفع' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('هذه الجلسة مكتملة.');
  });
});
