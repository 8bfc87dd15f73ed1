import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SessionGuard } from './guards/session-guard.tsx';
import { lazyPage } from './lazy-page.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { type AreaTable, areaTables, publicPages } from './route-table.ts';
import type { AreaPage, PreloadHandle, PublicPage, RouteHandle } from './route-types.ts';
import { Screen } from './screen.tsx';

/**
 * The routes beyond the first screens: every other public screen and the areas, with the route
 * table. The router loads them on the first navigation elsewhere (`loadLaterRoutes`), so that
 * /login does not load the table (decision 0010).
 */

/** The frames of the logged-in areas load with the first screen that needs them, not with /login. */
const AreaLayout = lazyPage(() => import('./layouts/area-layout.tsx').then((module) => module.AreaLayout));
const StandaloneLayout = lazyPage(() =>
  import('./layouts/standalone-layout.tsx').then((module) => module.StandaloneLayout),
);

function publicRoute(page: PublicPage): RouteObject {
  return { path: page.path, element: <Screen page={page.page} /> };
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

export const laterRoutes: RouteObject[] = [...publicPages.map(publicRoute), ...areaTables.map(areaRoute)];
