import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/first-screen-styles.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';

initI18n();

if (import.meta.env.PROD) {
  /** Spec §8: unhandled window errors are suppressed silently in the running product. */
  window.addEventListener('error', (event) => event.preventDefault());
  window.addEventListener('unhandledrejection', (event) => event.preventDefault());
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
