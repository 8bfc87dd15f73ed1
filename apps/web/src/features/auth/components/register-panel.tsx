import { Button, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The register tab: only "I Am Student" (spec §2), which leads to the student registration. */
export function RegisterPanel() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Text size="sm">{t('register.intro')}</Text>
      <Button
        component={Link}
        to="/student-register"
        size="md"
        leftSection={<IconSchool size={20} aria-hidden />}
      >
        {t('register.student')}
      </Button>
    </Stack>
  );
}
