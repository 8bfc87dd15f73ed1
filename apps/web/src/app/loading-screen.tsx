import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The "Loading..." fallback of spec §2, while a screen's code or the session check is on its way. */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text>{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
