import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSolved, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OtpModal } from './otp-modal.tsx';
import { type OtpSession, useStoredOtpSession } from './otp-session-store.ts';

/** The registration page's use of the modal: the sent code kept in this tab, as the page keeps it. */
function RegistrationOtp({ mobile }: { mobile: string }) {
  const [session, setSession] = useStoredOtpSession();
  return (
    <OtpModal
      mobile={mobile}
      session={session}
      onSession={setSession}
      onClose={() => undefined}
      onVerified={() => undefined}
    />
  );
}

function renderRegistrationOtp(mobile: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RegistrationOtp mobile={mobile} />
    </QueryClientProvider>,
  );
}

const sentCode = {
  data: { id: 'c0de', phone: '**********67', digits: 4, resendAfterSeconds: 120 },
  message: 'sent',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('OtpModal', () => {
  it('passes the proof-of-work the API asks for before a code goes to the mobile', async () => {
    const calls = stubApi((call) =>
      (call.body as { altcha?: string }).altcha
        ? {
            status: 200,
            body: {
              data: { id: 'c0de', phone: '**********67', digits: 4, resendAfterSeconds: 120 },
              message: 'sent',
            },
          }
        : {
            status: 400,
            body: {
              statusCode: 400,
              code: 'CHALLENGE_REQUIRED',
              message: MESSAGES.CHALLENGE_REQUIRED.en,
              fields: { altcha: 'CHALLENGE_REQUIRED' },
            },
          },
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <OtpModal
          mobile="+966551234567"
          session={null}
          onSession={() => undefined}
          onClose={() => undefined}
          onVerified={() => undefined}
        />
      </QueryClientProvider>,
    );
    const widget = await screen.findByTestId('altcha-challenge');
    expect(screen.queryByTestId('otp-phone')).toBeNull();
    act(() => announceSolved(widget, 'solved-7'));
    expect(await screen.findByTestId('otp-phone')).toHaveTextContent('**********67');
    await waitFor(() => expect(screen.queryByTestId('altcha-challenge')).toBeNull());
    expect(calls.map((call) => call.body)).toEqual([
      { phone: '+966551234567' },
      { phone: '+966551234567', altcha: 'solved-7' },
    ]);
  });

  it('lets a user who comes back enter the code already sent, the resend countdown where it really is', async () => {
    // The clock stands still (timers run): the countdown is 25 s past the send, however long the render takes.
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubApi(() => ({ status: 200, body: sentCode }));
    renderRegistrationOtp('0551234567');
    await screen.findByTestId('otp-phone');
    expect(calls).toHaveLength(1);
    cleanup();

    // 25 s later (a reload, another page and back): the same mobile, written the international way.
    const sent = JSON.parse(sessionStorage.getItem('registration.otp') ?? '{}') as OtpSession;
    sessionStorage.setItem('registration.otp', JSON.stringify({ ...sent, sentAt: Date.now() - 25_000 }));
    renderRegistrationOtp('+966551234567');
    expect(await screen.findByTestId('otp-phone')).toHaveTextContent('**********67');
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent(/\b95\b/);
    expect(screen.getByTestId('otp-resend')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify and register' })).toBeEnabled();
    for (const box of screen.getAllByRole('textbox')) expect(box).toBeEnabled();
    expect(calls).toHaveLength(1);
  });

  it('asks for a new code once the one sent is no longer good', async () => {
    const expired = { id: 'old', shownAs: '**********67', digits: 4, resendAfterSeconds: 120 };
    sessionStorage.setItem(
      'registration.otp',
      JSON.stringify({ ...expired, target: '+966551234567', sentAt: Date.now() - 6 * 60_000 }),
    );
    const calls = stubApi(() => ({ status: 200, body: sentCode }));
    renderRegistrationOtp('+966551234567');
    await screen.findByTestId('otp-phone');
    expect(calls.map((call) => call.path)).toEqual(['/users/create-otp']);
  });
});
