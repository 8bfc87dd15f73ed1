import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CORPORATE_ATTACHMENT_KINDS, type Corporate } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import {
  type CorporateBody,
  corporateQuery,
  useSaveCorporateMutation,
  useUploadCorporateFileMutation,
} from '../api.ts';
import { type ChosenFiles, CorporateForm } from '../components/corporate-form.tsx';
import { corporatePaths } from '../components/corporate-labels.ts';

/** What the view screen says after an add: the API's own words ("Password has been sent to you"). */
export interface CreatedState {
  created: string;
}

function CorporateFormScreen({ corporate }: { corporate?: Corporate }) {
  const { t } = useTranslation('corporates');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveCorporateMutation(corporate ? String(corporate.id) : undefined);
  const upload = useUploadCorporateFileMutation();

  const submit = async (body: CorporateBody, files: ChosenFiles) => {
    let saved: { id: number; message: string };
    try {
      saved = await save.mutateAsync(body);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
    notifySuccess(saved.message);
    // The corporate is saved: a copy the server refuses is reported, and can be sent again from the view.
    for (const kind of CORPORATE_ATTACHMENT_KINDS) {
      const file = files[kind];
      if (!file) continue;
      try {
        await upload.mutateAsync({ id: saved.id, kind, file });
      } catch (error) {
        notifyError(`${t(`files.${kind}`)}: ${errorMessage(error)}`);
      }
    }
    const state: CreatedState | undefined = corporate ? undefined : { created: saved.message };
    navigate(corporatePaths.view(saved.id), { state });
  };

  return (
    <Stack gap="md" maw={1040}>
      <Title order={1} size="h2">
        {corporate ? t('form.editTitle') : t('form.addTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <CorporateForm
          corporate={corporate}
          submitting={save.isPending || upload.isPending}
          cancelTo={corporate ? corporatePaths.view(corporate.id) : corporatePaths.list}
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}

/** `/admin/corporate/add-new` (create_4): its own login is opened, the password sent by SMS. */
export function AddCorporatePage() {
  return <CorporateFormScreen />;
}

/** `/admin/corporate/edit/:id` (edit_4): the form filled from the stored corporate. */
export function EditCorporatePage() {
  const { t } = useTranslation('corporates');
  const { id = '' } = useParams();
  const query = useQuery(corporateQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  return <CorporateFormScreen key={query.data.id} corporate={query.data} />;
}
