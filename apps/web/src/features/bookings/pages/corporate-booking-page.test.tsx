import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubAnswer, type StubCall, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CorporateBookingPage } from './corporate-booking-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const student = (id: number, onHold = false) => ({
  id,
  userId: id * 10,
  nameEn: `Worker ${id}`,
  nameAr: 'عامل',
  idType: 'passport',
  idNumber: `BD000000${id}`,
  phone: null,
  email: `w${id}@example.com`,
  nationality: 'BD',
  branch: null,
  corporate: null,
  onHold,
  hasPhoto: false,
  fingerprintEnrolled: false,
  createdAt: IN_A_WEEK,
});

function answer(batch: StubAnswer) {
  return (call: StubCall): StubAnswer => {
    if (call.path === '/bookings/courses') {
      return {
        status: 200,
        body: { items: [{ id: 3, nameEn: 'Food Safety Basics', nameAr: 'أساسيات', total: 100 }] },
      };
    }
    if (call.path === '/sessions') {
      return {
        status: 200,
        body: {
          items: [
            {
              id: 41,
              kind: 'training',
              courseId: 3,
              startsAt: IN_A_WEEK,
              endsAt: IN_A_WEEK,
              capacity: 20,
              seatsLeft: 2,
            },
          ],
        },
      };
    }
    if (call.path === '/corporate/students') {
      return { status: 200, body: { items: [student(1), student(2), student(3, true)], nextCursor: null } };
    }
    if (call.path === '/bookings/batch') return batch;
    return { status: 200, body: { items: [], nextCursor: null } };
  };
}

async function chooseAndTick(user: ReturnType<typeof userEvent.setup>) {
  const course = (await screen.findAllByLabelText(/^Course$/)).find((element) => element.tagName === 'INPUT');
  await user.click(course as HTMLElement);
  await user.click(await screen.findByRole('option', { name: /Food Safety Basics/, hidden: true }));
  await user.click(await screen.findByRole('radio', { name: /Training/ }));
  await user.click(await screen.findByRole('checkbox', { name: /Worker 1/ }));
  await user.click(screen.getByRole('checkbox', { name: /Worker 2/ }));
  // A held student cannot be ticked.
  expect(screen.getByRole('checkbox', { name: /Worker 3/ })).toBeDisabled();
  await user.click(screen.getByRole('radio', { name: 'Deferred' }));
  await user.click(screen.getByRole('radio', { name: 'Partial payment' }));
}

describe('CorporateBookingPage', () => {
  it('books the ticked students into one session with the chosen payment, all at once', async () => {
    const calls = stubApi(
      answer({ status: 201, body: { batchId: 'b1', items: [], message: '2 bookings were made.' } }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CorporateBookingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await chooseAndTick(user);
    await user.click(screen.getByRole('button', { name: 'Book 2 students' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 bookings were made.');
    expect(calls.find((call) => call.path === '/bookings/batch')?.body).toEqual({
      sessionId: 41,
      studentIds: [1, 2],
      paymentTiming: 'Deferred',
      paymentType: 'partial',
    });
  });

  it('shows the all-or-none refusal when the session has too few seats', async () => {
    stubApi(
      answer({
        status: 409,
        body: { statusCode: 409, code: 'NOT_ENOUGH_SEATS', message: 'x', params: { seatsLeft: 1 } },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CorporateBookingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await chooseAndTick(user);
    await user.click(screen.getByRole('button', { name: 'Book 2 students' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not enough seats are left in this session (seats left: 1); no booking was made.',
    );
  });
});
