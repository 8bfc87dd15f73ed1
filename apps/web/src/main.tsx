import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/first-screen-styles.ts';
import { setTokenSource } from './api/client.ts';
import { PRERENDERED } from './app/prerendered.ts';
import { AppProviders } from './app/providers.tsx';
import { router, whenRouterReady } from './app/router.tsx';
import { readToken } from './features/auth/session.ts';
import { i18next, initI18n } from './i18n/index.ts';

// The API client sends the session's token; it is given the store here, so it imports no feature.
setTokenSource(readToken);
initI18n();

if (import.meta.env.PROD) {
  /** Spec §8: unhandled window errors are suppressed silently in the running product. */
  window.addEventListener('error', (event) => event.preventDefault());
  window.addEventListener('unhandledrejection', (event) => event.preventDefault());
}

/**
 * A screen the build wrote as HTML is painted already: its code and texts are loaded before the
 * app first renders, so that the app renders that screen at once over it, never a loading screen.
 * The app renders once the router knows the page's route (beyond the first screens, the later
 * routes load first), never an empty page meanwhile.
 */
function loadFirstScreen(): Promise<unknown> {
  const prerendered = PRERENDERED[window.location.pathname];
  if (!prerendered) return whenRouterReady();
  return Promise.all([
    whenRouterReady(),
    prerendered.screen.preload(),
    i18next.loadNamespaces(prerendered.namespaces),
  ]);
}

/** Marks the page as the app's once its first render is in it: `data-app="ready"` on <html>. */
function TakenOver() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

const container = document.getElementById('root');
if (container) {
  // A failed load is shown by the route's error screen, as without the preload.
  void loadFirstScreen()
    .catch(() => undefined)
    .then(() => {
      // As a transition, React renders the first screen in slices of a few milliseconds, the
      // painted HTML staying until the app's copy replaces it at once (decision 0010).
      const root = createRoot(container);
      startTransition(() =>
        root.render(
          <StrictMode>
            <AppProviders>
              <RouterProvider router={router} />
              <TakenOver />
            </AppProviders>
          </StrictMode>,
        ),
      );
    });
}
