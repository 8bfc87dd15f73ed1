import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { EmailStep } from './email-step.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmailStep', () => {
  it('asks for the code in the spec §7 shape: the e-mail with the phone as it was shown, masked', async () => {
    const calls = stubApi((call) =>
      call.path === '/check-user-exists'
        ? { status: 200, body: { exists: true, phone: '**********67', userId: 4, id: 4 } }
        : {
            status: 200,
            body: {
              data: { id: 'c0de', phone: '**********67', digits: 6, resendAfterSeconds: 120 },
              message: 'sent',
            },
          },
    );
    const onSent = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <EmailStep onSent={onSent} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^email/i), 'student@tasreeh.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/check-user-exists', { email: 'student@tasreeh.test' }],
      ['/users/create-otp', { email: 'student@tasreeh.test', phone: '**********67' }],
    ]);
  });
});
