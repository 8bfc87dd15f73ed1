import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { readStoredType } from '../session.ts';

/** `/<area>/change-password-first`: a login opened with a generated password sets its own before anything else. */
export function FirstLoginPasswordPage() {
  const { t } = useTranslation('auth');
  if (!readStoredType()) return <Navigate to="/" replace />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('firstChange.title')}
      </Title>
      <Alert color="brand" icon={<IconShieldLock size={20} aria-hidden />}>
        {t('firstChange.intro')}
      </Alert>
      <Paper withBorder p="lg">
        <ChangePasswordForm />
      </Paper>
    </Stack>
  );
}
