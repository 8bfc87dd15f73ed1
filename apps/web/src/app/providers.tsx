import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useIsToastStackWanted, wantToastStack } from '../components/toast-stack-state.ts';
import { i18next } from '../i18n/index.ts';
import { directionOf, isLanguage } from '../i18n/languages.ts';
import { GlobalLoadingBar } from './global-loading-bar.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const loadToastStack = () =>
  lazy(() => import('./toast-stack.tsx').then((module) => ({ default: module.ToastStack })));

/**
 * Shows nothing in place of a toast stack whose code could not be loaded (the network went away
 * before the first tap: an exam candidate offline), instead of blanking the whole page; the app
 * tries again when the browser is back online.
 */
class ToastStackBoundary extends Component<
  { children: ReactNode; onFailed: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
  const [tries, setTries] = useState(0);
  const [failed, setFailed] = useState(false);
  // A new lazy component per try: React keeps a failed import's error for good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` is what makes a new one.
  const ToastStack = useMemo(loadToastStack, [tries]);
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setTries((count) => count + 1);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);
  if (!isWanted || failed) return null;
  return (
    <ToastStackBoundary key={tries} onFailed={() => setFailed(true)}>
      <Suspense fallback={null}>
        <ToastStack />
      </Suspense>
    </ToastStackBoundary>
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
