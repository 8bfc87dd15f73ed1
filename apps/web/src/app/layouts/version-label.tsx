import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentEnvironment, type Environment, isTestEnvironment } from '../../api/environment.ts';

/**
 * "Test Version 1.0" (spec §1), only where the app is a test one (local or staging, spec §9):
 * production is told by the host names configured at build (`VITE_PRODUCTION_HOSTS`).
 */
export function VersionLabel({ environment = currentEnvironment() }: { environment?: Environment }) {
  const { t } = useTranslation('common');
  if (!isTestEnvironment(environment)) return null;
  return (
    <Text size="xs" c="gray.7" ta="center" py="xs" data-testid="version-label">
      {t('version')}
    </Text>
  );
}
