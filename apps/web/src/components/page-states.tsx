import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error.ts';
import { useMessages } from '../i18n/use-messages.ts';

/** A screen or a part of one still loading; `minHeight` keeps the room of what is coming. */
export function LoadingState({ minHeight }: { minHeight?: number | string } = {}) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" mih={minHeight}>
      {/* A named, indeterminate progress bar: a label on a plain element is one axe (and screen readers) refuse. */}
      <Loader role="progressbar" aria-label={t('loading')} />
    </Center>
  );
}

/**
 * A failed load: the server's message in the current language and a retry; a 404 says the
 * record was not found (`notFoundText`, or a general text) and offers no retry.
 */
export function ErrorState({
  error,
  onRetry,
  notFoundText,
}: {
  error: unknown;
  onRetry: () => void;
  notFoundText?: string;
}) {
  const { t } = useTranslation('common');
  const { errorMessage } = useMessages();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      color="red"
      title={notFound ? (notFoundText ?? t('states.notFound')) : t('states.loadError')}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {!notFound && (
          <Button variant="light" color="red" size="xs" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A list or a section with nothing in it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="xl">
      <Text ta="center">{children}</Text>
    </Paper>
  );
}
