import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Test Version 1.0" (spec §1). */
export function VersionLabel() {
  const { t } = useTranslation('common');
  return (
    <Text size="xs" c="gray.7" ta="center" py="xs" data-testid="version-label">
      {t('version')}
    </Text>
  );
}
