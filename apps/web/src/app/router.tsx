import {
  createBrowserRouter,
  Outlet,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { AuthScreen, authFirstScreens } from '../features/auth/routes.tsx';
import { RouteError } from './route-error.tsx';
import { Screen } from './screen.tsx';

const ROOT = 'root';

/**
 * The routes the first load knows: the first screens (login, register), and the auth screen for
 * any other path (spec §2) until the other routes are there.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT,
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      ...authFirstScreens.map((page) => ({ path: page.path, element: <Screen page={page.page} /> })),
      { path: '*', element: <Screen page={AuthScreen} /> },
    ],
  },
];

/**
 * Every other route (`later-routes.tsx`) loads when a path matches only the catch-all: react-router
 * asks before it settles on it. Patching the same routes again changes nothing (react-router
 * keeps one of each), so this may run on every such navigation.
 */
export const loadLaterRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { laterRoutes } = await import('./later-routes.tsx');
  patch(ROOT, laterRoutes);
};

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: loadLaterRoutes });

/** Resolves once the router knows the route of the page loaded (the later routes loaded if need be). */
export function whenRouterReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
