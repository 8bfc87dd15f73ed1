import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PermissionGroup, PermissionGroupInput } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCurrentUser } from '../../auth/current-user.ts';
import { readStoredPrivileges } from '../../auth/session.ts';
import { groupQuery, useSaveGroupMutation } from '../api.ts';
import { GroupForm } from '../components/group-form.tsx';

function GroupFormScreen({ group }: { group?: PermissionGroup }) {
  const { t } = useTranslation('users');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const save = useSaveGroupMutation(group ? String(group.id) : undefined);

  const submit = async (body: PermissionGroupInput) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.message);
      navigate('/admin/user-group');
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {group ? t('groups.editTitle') : t('groups.addTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <GroupForm
          group={group}
          editor={me?.privileges ?? readStoredPrivileges()}
          submitting={save.isPending}
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}

/** `/admin/user-group/add` (super admin, branch admin): a new permission group. */
export function AddGroupPage() {
  return <GroupFormScreen />;
}

/** `/admin/user-group/edit/:id` (super admin, branch admin): a group's names and grid. */
export function EditGroupPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const query = useQuery(groupQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundText={t('groups.notFound')}
      />
    );
  return <GroupFormScreen key={query.data.id} group={query.data} />;
}
