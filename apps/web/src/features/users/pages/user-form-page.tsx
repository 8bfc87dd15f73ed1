import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StaffUser } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type UserBody, userFormOptionsQuery, userQuery, useSaveUserMutation } from '../api.ts';
import { UserForm } from '../components/user-form.tsx';
import { profilePathOf } from '../components/user-labels.ts';

function UserFormScreen({ user }: { user?: StaffUser }) {
  const { t } = useTranslation('users');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const options = useQuery(userFormOptionsQuery);
  const save = useSaveUserMutation(user ? String(user.id) : undefined);

  const submit = async (body: UserBody) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.message);
      navigate(profilePathOf({ id: saved.id, type: String(body.type) }));
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {user ? t('form.editTitle') : t('form.addTitle')}
      </Title>
      {options.isPending ? (
        <LoadingState />
      ) : options.isError ? (
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <UserForm
            user={user}
            options={options.data}
            submitting={save.isPending}
            cancelTo={user ? profilePathOf(user) : '/admin/user-management'}
            onSubmit={submit}
          />
        </Paper>
      )}
    </Stack>
  );
}

/** `/admin/add-user` (create_1). */
export function AddUserPage() {
  return <UserFormScreen />;
}

/** `/admin/edit-user/:id` (edit_1): the form filled from the stored account. */
export function EditUserPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const query = useQuery(userQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  return <UserFormScreen key={query.data.id} user={query.data} />;
}
