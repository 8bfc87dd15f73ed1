import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The product's name and mark. */
export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation('common');
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === 'xl' ? 40 : 32} radius="md" aria-hidden>
        <IconCertificate size={size === 'xl' ? 24 : 20} />
      </ThemeIcon>
      <Text fw={700} size={size} c="brand.9">
        {t('appName')}
      </Text>
    </Group>
  );
}
