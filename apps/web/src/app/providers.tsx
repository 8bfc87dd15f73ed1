import { DirectionProvider, MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useIsToastStackWanted, wantToastStack } from '../components/toast-stack-state.ts';
import { i18next } from '../i18n/index.ts';
import { directionOf, isLanguage } from '../i18n/languages.ts';
import { GlobalLoadingBar } from './global-loading-bar.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const ToastStack = lazy(() => import('./toast-stack.tsx').then((module) => ({ default: module.ToastStack })));

/** What first shows that the visitor is using the page. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toast stack loads on the visitor's first interaction with the page or with the first
 * toast, whichever comes first, not with the first screen (decision 0010); a toast asked for
 * before it is there waits for it (`whenToastStackReady`).
 */
function ToastStackOnDemand() {
  const isWanted = useIsToastStackWanted();
  useEffect(() => {
    if (isWanted) return;
    const want = () => wantToastStack();
    for (const type of FIRST_INTERACTION)
      window.addEventListener(type, want, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want, { capture: true });
    };
  }, [isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}

/**
 * Everything every screen relies on: language, direction, theme, toasts, the loading bar. Server
 * state (TanStack Query) comes with the screens loaded on demand (`lazyPage`), confirm dialogs
 * (ModalsProvider) with the area frames, the only screens that open them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = isLanguage(i18next.language) ? i18next.language : 'en';
  return (
    <I18nextProvider i18n={i18next}>
      <DirectionProvider initialDirection={directionOf(language)}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ToastStackOnDemand />
          <GlobalLoadingBar />
          {children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
