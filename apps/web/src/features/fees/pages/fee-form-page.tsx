import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FeeSetup } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type FeeSetupBody, feeSetupQuery, useSaveFeeSetupMutation } from '../api.ts';
import { FeeForm } from '../components/fee-form.tsx';

const LIST_PATH = '/admin/fees-setup';

function FeeFormScreen({ setup }: { setup?: FeeSetup }) {
  const { t } = useTranslation('fees');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveFeeSetupMutation(setup?.id);

  const submit = async (body: FeeSetupBody) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.message);
      navigate(LIST_PATH);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  return (
    <Stack gap="md" maw={1040}>
      <Title order={1} size="h2">
        {setup ? t('form.editTitle') : t('form.addTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <FeeForm setup={setup} submitting={save.isPending} cancelTo={LIST_PATH} onSubmit={submit} />
      </Paper>
    </Stack>
  );
}

/** `/admin/add-fees-setup` (create_10). */
export function AddFeeSetupPage() {
  return <FeeFormScreen />;
}

/** `/admin/edit-fees/:id` (edit_10): the form filled from the stored setup, its total shown as it changes. */
export function EditFeeSetupPage() {
  const { t } = useTranslation('fees');
  const { id = '' } = useParams();
  const query = useQuery(feeSetupQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  return <FeeFormScreen key={query.data.id} setup={query.data} />;
}
