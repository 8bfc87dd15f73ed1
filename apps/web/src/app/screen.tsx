import { Suspense } from 'react';
import { LoadingScreen } from './loading-screen.tsx';
import type { Page } from './route-types.ts';

/** A route's screen, with the loading screen while its code is on its way. */
export function Screen({ page: PageComponent }: { page: Page }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PageComponent />
    </Suspense>
  );
}
