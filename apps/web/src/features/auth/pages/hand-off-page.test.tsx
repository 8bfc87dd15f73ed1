import { allPrivileges } from '@tasreeh/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { callerAbilities } from '../../../test/signed-in-user.ts';
import { getCurrentUser, setCurrentUser } from '../current-user.ts';
import { readStoredType, readToken, readUserId, storeAccess, storeCredentials } from '../session.ts';
import { HAND_OFF_DELAY_MS, HandOffPage } from './hand-off-page.tsx';

const current = {
  userId: 5,
  name: 'Huda',
  type: 'Teller' as const,
  privileges: [],
  changePassword: false,
  abilities: callerAbilities(),
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/Auth/:token?', element: <HandOffPage /> },
      { path: '/login', element: <p>login screen</p> },
      { path: '/admin/dashboard', element: <p>admin dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  storeCredentials('current-token', 5);
  storeAccess('Teller', []);
  setCurrentUser(current);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

describe('/Auth/{token}', () => {
  it('leaves the current session alone and goes to login when the server refuses the token', async () => {
    const calls = stubApi(() => ({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in' },
    }));
    const router = renderAt('/Auth/forged-token&user_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([
      {
        path: '/auth/test-token',
        body: { token: 'forged-token', userId: 1 },
        authorization: 'Bearer forged-token',
      },
    ]);
    expect(readToken()).toBe('current-token');
    expect(readUserId()).toBe(5);
    expect(readStoredType()).toBe('Teller');
    expect(getCurrentUser()).toEqual(current);
  });

  it('stores a token the server accepts, and after two seconds opens the dashboard', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubApi(() => ({
      status: 200,
      body: {
        privileges: allPrivileges(),
        type: 'super admin',
        userId: 1,
        name: 'Admin',
        changePassword: false,
        abilities: callerAbilities(),
      },
    }));
    const router = renderAt('/Auth/good-token&user_1');
    expect(screen.getByText('Routing . . .')).toBeInTheDocument();
    await vi.waitFor(() => expect(readToken()).toBe('good-token'));
    expect(readUserId()).toBe(1);
    expect(readStoredType()).toBe('super admin');
    expect(router.state.location.pathname).toBe('/Auth/good-token&user_1');
    await act(() => vi.advanceTimersByTimeAsync(HAND_OFF_DELAY_MS));
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('goes to login at once without a token', async () => {
    const calls = stubApi(() => ({ status: 500, body: {} }));
    const router = createMemoryRouter(
      [
        { path: '/Auth/:token?', element: <HandOffPage /> },
        { path: '/login', element: <p>login screen</p> },
      ],
      { initialEntries: ['/Auth'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
    expect(readToken()).toBe('current-token');
  });
});
