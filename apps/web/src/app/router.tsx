import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { AuthScreen } from '../features/auth/routes.tsx';
import { SessionGuard } from './guards/session-guard.tsx';
import { lazyPage } from './lazy-page.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { RouteError } from './route-error.tsx';
import { type AreaTable, areaTables, publicPages } from './route-table.ts';
import type { AreaPage, Page, PreloadHandle, RouteHandle } from './route-types.ts';

/** The frames of the logged-in areas load with the first screen that needs them, not with /login. */
const AreaLayout = lazyPage(() => import('./layouts/area-layout.tsx').then((module) => module.AreaLayout));
const StandaloneLayout = lazyPage(() =>
  import('./layouts/standalone-layout.tsx').then((module) => module.StandaloneLayout),
);

function Screen({ page: PageComponent }: { page: Page }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PageComponent />
    </Suspense>
  );
}

function pageRoute(page: AreaPage): RouteObject {
  const preload: PreloadHandle = { preload: page.page.preload };
  const handle: (RouteHandle & PreloadHandle) | PreloadHandle = page.rule
    ? { rule: page.rule, ...preload }
    : preload;
  return { path: page.path, element: <Screen page={page.page} />, handle };
}

function areaRoute(table: AreaTable): RouteObject {
  const handle: RouteHandle = { rule: table.rule };
  const dashboard = `/${table.area}/dashboard`;
  return {
    path: `/${table.area}`,
    element: <SessionGuard />,
    handle,
    children: [
      {
        element: (
          <Suspense fallback={<LoadingScreen />}>
            <AreaLayout area={table.area} />
          </Suspense>
        ),
        handle: { preload: AreaLayout.preload } satisfies PreloadHandle,
        children: [
          { index: true, element: <Navigate to={dashboard} replace /> },
          ...table.pages.filter((page) => !page.standalone).map(pageRoute),
          { path: '*', element: <Navigate to={dashboard} replace /> },
        ],
      },
      {
        element: (
          <Suspense fallback={<LoadingScreen />}>
            <StandaloneLayout />
          </Suspense>
        ),
        handle: { preload: StandaloneLayout.preload } satisfies PreloadHandle,
        children: table.pages.filter((page) => page.standalone).map(pageRoute),
      },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      ...publicPages.map((page) => ({ path: page.path, element: <Screen page={page.page} /> })),
      ...areaTables.map(areaRoute),
      { path: '*', element: <Screen page={AuthScreen} /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
