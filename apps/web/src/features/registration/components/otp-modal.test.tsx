import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSolved, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OtpModal } from './otp-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
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
});
