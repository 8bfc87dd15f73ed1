import { allPrivileges } from '@tasreeh/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../features/auth/current-user.ts';
import {
  clearStoredSession,
  readStoredType,
  readToken,
  storeAccess,
  storeCredentials,
} from '../../features/auth/session.ts';
import { i18next } from '../../i18n/index.ts';
import { callerAbilities } from '../../test/signed-in-user.ts';
import { laterRoutes } from '../later-routes.tsx';
import { AppProviders } from '../providers.tsx';
import type { PreloadHandle } from '../route-types.ts';
import { loadLaterRoutes, routes } from '../router.tsx';

type Answer = { status: number; body: unknown };

function jsonResponse({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockApi(testToken: Answer) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/auth/test-token')) return jsonResponse(testToken);
      return jsonResponse({
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' },
      });
    }),
  );
  return calls;
}

function session(type: string, changePassword = false): Answer {
  return {
    status: 200,
    body: {
      privileges: allPrivileges(),
      abilities: callerAbilities(),
      type,
      userId: 7,
      name: 'Sara Al-Harbi',
      changePassword,
    },
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: loadLaterRoutes,
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  setCurrentUser(null);
  storeCredentials('token-1', 7);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearStoredSession();
});

describe('protected routes', () => {
  it('check the token and let a user into their own area', async () => {
    const calls = mockApi(session('student'));
    const router = renderAt('/student/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sara Al-Harbi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/dashboard');
    expect(calls.filter((url) => url.endsWith('/auth/test-token'))).toHaveLength(1);
    expect(readStoredType()).toBe('student');
  });

  it('check the token again on every navigation', async () => {
    const calls = mockApi(session('Examiner'));
    const router = renderAt('/examiner/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Sara Al-Harbi' });
    await router.navigate('/examiner/change-password');
    await screen.findByRole('heading', { name: 'Change Password' });
    expect(calls.filter((url) => url.endsWith('/auth/test-token'))).toHaveLength(2);
  });

  it('check the token again in a new language, for the name in that language', async () => {
    const calls = mockApi(session('student'));
    renderAt('/student/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Sara Al-Harbi' });
    await act(() => i18next.changeLanguage('ar'));
    try {
      await waitFor(() => expect(calls.filter((url) => url.endsWith('/auth/test-token'))).toHaveLength(2));
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('send a user of another type to login', async () => {
    mockApi(session('student'));
    const router = renderAt('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('clear the stored session and go to login when the token check fails', async () => {
    storeAccess('super admin', allPrivileges());
    mockApi({ status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in' } });
    const router = renderAt('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readToken()).toBeNull();
    expect(readStoredType()).toBeUndefined();
  });

  it('go to login without asking the server when no token is stored', async () => {
    localStorage.clear();
    const calls = mockApi(session('student'));
    const router = renderAt('/student/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('keep the page a logged-out visitor asked for in the login address', async () => {
    localStorage.clear();
    mockApi(session('super admin'));
    const router = renderAt('/admin/students/profile/7?tab=bookings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/admin/students/profile/7?tab=bookings',
    );
  });

  it('hold a corporate that must change its password on the first-login screen', async () => {
    mockApi(session('corporate', true));
    const router = renderAt('/corporate/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/corporate/change-password-first'));
    expect(await screen.findByRole('heading', { name: 'Set your own password' })).toBeInTheDocument();
  });

  it('hold a centre the super admin added on its own first-login screen', async () => {
    mockApi(session('training center', true));
    const router = renderAt('/center/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/center/change-password-first'));
    expect(await screen.findByRole('heading', { name: 'Set your own password' })).toBeInTheDocument();
  });

  it('send an unknown path in an area to its dashboard', async () => {
    mockApi(session('Instructor'));
    const router = renderAt('/instructor/nothing-here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/instructor/dashboard'));
  });

  it('load the area frame and the screen while the token is checked, not after it', async () => {
    // the token check never answers: whatever loads, loads before it
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const handles = (matchRoutes(laterRoutes, '/student/dashboard') ?? []).flatMap(({ route }) => {
      const handle: unknown = route.handle;
      // safe: a handle of this route table with a `preload` is a PreloadHandle (later-routes.tsx)
      return typeof handle === 'object' && handle !== null && 'preload' in handle
        ? [handle as PreloadHandle]
        : [];
    });
    // the area frame and the dashboard
    expect(handles).toHaveLength(2);
    const preloads = handles.map((handle) => vi.spyOn(handle, 'preload'));
    renderAt('/student/dashboard');
    await waitFor(() => {
      for (const preload of preloads) expect(preload).toHaveBeenCalled();
    });
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
  });
});
