import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { allPrivileges, MESSAGES } from '@tasreeh/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSolved, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { readToken } from '../session.ts';
import { LoginForm } from './login-form.tsx';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginForm onForgotPassword={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const session = {
  access_token: 'token-9',
  userId: 9,
  type: 'super admin',
  privileges: allPrivileges(),
  studentId: null,
  corporateId: null,
  changePassword: false,
  status: 'active',
  name: 'Sara',
};

const challengeRequired = {
  status: 400,
  body: {
    statusCode: 400,
    code: 'CHALLENGE_REQUIRED',
    message: MESSAGES.CHALLENGE_REQUIRED.en,
    fields: { altcha: 'CHALLENGE_REQUIRED' },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /email or id/i }), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: /log in/i }));
}

describe('LoginForm', () => {
  it('logs in with the spec §7 body, no challenge field unless asked for', async () => {
    const calls = stubApi(() => ({ status: 200, body: session }));
    renderForm();
    await submit('admin@tasreeh.test', 'Secret@2026');
    await waitFor(() => expect(readToken()).toBe('token-9'));
    expect(calls[0]).toMatchObject({
      path: '/auth/login',
      body: { email: 'admin@tasreeh.test', password: 'Secret@2026' },
    });
    expect(screen.queryByTestId('altcha-challenge')).toBeNull();
  });

  it('shows the proof-of-work widget when the API asks for it, and logs in again with its solution', async () => {
    const calls = stubApi((call) =>
      call.path === '/auth/login' && !(call.body as { altcha?: string }).altcha
        ? challengeRequired
        : { status: 200, body: session },
    );
    renderForm();
    await submit('admin@tasreeh.test', 'Secret@2026');
    const widget = await screen.findByTestId('altcha-challenge');
    expect(widget.getAttribute('challenge')).toBe('/api/auth/challenge');
    expect(screen.getByText(MESSAGES.CHALLENGE_REQUIRED.en)).toBeInTheDocument();
    expect(readToken()).toBeNull();
    act(() => announceSolved(widget, 'solved-1'));
    await waitFor(() => expect(readToken()).toBe('token-9'));
    const logins = calls.filter((call) => call.path === '/auth/login');
    expect(logins.map((call) => call.body)).toEqual([
      { email: 'admin@tasreeh.test', password: 'Secret@2026' },
      { email: 'admin@tasreeh.test', password: 'Secret@2026', altcha: 'solved-1' },
    ]);
  });
});
