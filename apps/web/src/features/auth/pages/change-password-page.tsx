import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { readStoredType } from '../session.ts';

/** `/<area>/change-password`: a signed-in user changes their password (spec §2, §4, §5). */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  if (!readStoredType()) return <Navigate to="/" replace />;
  return (
    <Stack maw={480} gap="md">
      <Title order={1} size="h2">
        {t('change.title')}
      </Title>
      <Paper withBorder p="lg">
        <ChangePasswordForm />
      </Paper>
    </Stack>
  );
}
