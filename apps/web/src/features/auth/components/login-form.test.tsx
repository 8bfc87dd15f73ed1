import { allPrivileges, MESSAGES } from '@tasreeh/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSolved, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { readToken } from '../session.ts';
import { LoginForm } from './login-form.tsx';

/** Where the form sent the user, path and query. */
function Landed() {
  const location = useLocation();
  return <output data-testid="landed">{`${location.pathname}${location.search}`}</output>;
}

function renderForm(path = '/login') {
  // No QueryClientProvider: the first screen loads without TanStack Query (decision 0010).
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginForm onForgotPassword={() => undefined} />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function landingAfterLogin(path: string, answer: Record<string, unknown>) {
  stubApi(() => ({ status: 200, body: answer }));
  renderForm(path);
  await submit('someone@tasreeh.test', 'Secret@2026');
  return (await screen.findByTestId('landed')).textContent;
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

  it('takes over what was typed into the painted login, with its focus', async () => {
    window.tasreehEarly = {
      values: { username: 'early@tasreeh.test', 'current-password': 'Early@2026' },
      submitted: false,
      focused: 'current-password',
    };
    const calls = stubApi(() => ({ status: 200, body: session }));
    renderForm();
    expect(screen.getByRole('textbox', { name: /email or id/i })).toHaveValue('early@tasreeh.test');
    expect(screen.getByLabelText(/^password/i)).toHaveValue('Early@2026');
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('sends a login asked for in the painted form before the app took it over', async () => {
    window.tasreehEarly = {
      values: { username: 'early@tasreeh.test', 'current-password': 'Early@2026' },
      submitted: true,
      focused: null,
    };
    const calls = stubApi(() => ({ status: 200, body: session }));
    renderForm();
    await waitFor(() => expect(readToken()).toBe('token-9'));
    expect(calls[0]).toMatchObject({
      path: '/auth/login',
      body: { email: 'early@tasreeh.test', password: 'Early@2026' },
    });
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

  it('returns a login to the page it asked for before logging in', async () => {
    const next = encodeURIComponent('/admin/students/profile/7');
    expect(await landingAfterLogin(`/login?next=${next}`, session)).toBe('/admin/students/profile/7');
  });

  it('refuses a return path off this site and lands on the dashboard', async () => {
    for (const next of ['//evil.com', 'https://evil.com/admin', '/\\evil.com']) {
      const landed = await landingAfterLogin(`/login?next=${encodeURIComponent(next)}`, session);
      expect({ next, landed }).toEqual({ next, landed: '/admin/dashboard' });
      cleanup();
    }
  });

  it('lands on the dashboard when the page asked for is in another area', async () => {
    const next = encodeURIComponent('/admin/students/profile/7');
    const student = { ...session, type: 'student', studentId: 5 };
    expect(await landingAfterLogin(`/login?next=${next}`, student)).toBe('/student/dashboard');
  });

  it('carries the page asked for through the first-login password change', async () => {
    const next = encodeURIComponent('/corporate/students');
    const corporate = { ...session, type: 'corporate', corporateId: 3, changePassword: true };
    expect(await landingAfterLogin(`/login?next=${next}`, corporate)).toBe(
      `/corporate/change-password-first?next=${next}`,
    );
  });
});
