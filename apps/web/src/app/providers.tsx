import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_LIVE_REGION, TOAST_POSITION } from '../components/notify.ts';
import { i18next } from '../i18n/index.ts';
import { directionOf, isLanguage } from '../i18n/languages.ts';
import { GlobalLoadingBar } from './global-loading-bar.tsx';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The toast stack loads after the first screen: `notify` queues in Mantine's store meanwhile,
 * and the stack shows whatever is queued once it is there.
 */
const Notifications = lazy(() =>
  import('./toast-stack.ts').then((module) => ({ default: module.Notifications })),
);

/**
 * Everything every screen relies on: language, direction, theme, toasts, server state. Confirm
 * dialogs (ModalsProvider) come with the area frames, the only screens that open them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = isLanguage(i18next.language) ? i18next.language : 'en';
  return (
    <I18nextProvider i18n={i18next}>
      <DirectionProvider initialDirection={directionOf(language)}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <Suspense fallback={null}>
            <Notifications
              position={TOAST_POSITION}
              limit={TOAST_LIMIT}
              autoClose={TOAST_DURATION_MS.other}
              {...TOAST_LIVE_REGION}
            />
          </Suspense>
          <QueryClientProvider client={queryClient}>
            <GlobalLoadingBar />
            {children}
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
