import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Branch } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type BranchBody, branchQuery, useSaveBranchMutation } from '../api.ts';
import { BranchForm } from '../components/branch-form.tsx';

function BranchFormScreen({ branch }: { branch?: Branch }) {
  const { t } = useTranslation('branches');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveBranchMutation(branch ? String(branch.id) : undefined);

  const submit = async (body: BranchBody) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.message);
      navigate(`/admin/branches/profile/${saved.id}`);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {branch ? t('form.editTitle') : t('form.addTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <BranchForm
          branch={branch}
          submitting={save.isPending}
          cancelTo={branch ? `/admin/branches/profile/${branch.id}` : '/admin/branch-management'}
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}

/** `/admin/add-branch` (create_2). */
export function AddBranchPage() {
  return <BranchFormScreen />;
}

/** `/admin/edit-branch/:id` (edit_2): the form filled from the stored branch. */
export function EditBranchPage() {
  const { t } = useTranslation('branches');
  const { id = '' } = useParams();
  const query = useQuery(branchQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  return <BranchFormScreen key={query.data.id} branch={query.data} />;
}
