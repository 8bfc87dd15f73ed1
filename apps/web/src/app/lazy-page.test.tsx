import { useQueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CHUNK_TIMEOUT_MS, lazyFirstScreen, lazyPage } from './lazy-page.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { RouteError } from './route-error.tsx';

/**
 * A lazy screen rendered under the route error screen. The limit is the product's unless a test is
 * about the limit: a shorter one would pass before the screen's code and the shared chunks arrive
 * on a busy machine, and the test would see the retry instead.
 */
function renderLazy(load: () => Promise<() => React.JSX.Element>, timeoutMs = CHUNK_TIMEOUT_MS) {
  const Page = lazyPage(load, timeoutMs);
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      element: (
        <Suspense fallback={<LoadingScreen />}>
          <Page />
        </Suspense>
      ),
    },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
}

describe('lazy screens', () => {
  it('show "Loading..." while the code is on its way, then the screen', async () => {
    let arrive: (page: () => React.JSX.Element) => void = () => undefined;
    renderLazy(() => new Promise((resolve) => (arrive = resolve)));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    arrive(() => <p>Here</p>);
    expect(await screen.findByText('Here')).toBeInTheDocument();
  });

  it('offer a retry when the code does not arrive in time', async () => {
    renderLazy(() => new Promise(() => undefined), 50);
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offer a retry when the code fails to load', async () => {
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
  });

  it('render a preloaded screen at once, never the loading screen (over the prerendered HTML)', async () => {
    const Page = lazyFirstScreen(async () => () => <p>Here</p>);
    await Page.preload();
    renderWithProviders(
      <Suspense fallback={<LoadingScreen />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Here')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('give a screen loaded on demand the server state (TanStack Query), which the first screen does without', async () => {
    function UsesServerState() {
      useQueryClient();
      return <p>Here</p>;
    }
    renderLazy(async () => UsesServerState);
    expect(await screen.findByText('Here')).toBeInTheDocument();
  });
});
