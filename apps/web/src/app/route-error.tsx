import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-page.ts';

function isChunkFailure(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** What a route shows when it fails: a retry for a screen that did not load, else a plain apology. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const chunk = isChunkFailure(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" maw={420} ta="center" role="alert">
        <Title order={2}>{chunk ? t('chunkError.title') : t('routeError.title')}</Title>
        <Text>{chunk ? t('chunkError.body') : t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('retry')}</Button>
      </Stack>
    </Center>
  );
}
