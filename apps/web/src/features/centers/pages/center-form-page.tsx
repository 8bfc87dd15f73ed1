import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Center, CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type CenterBody, centerQuery, useSaveCenterMutation } from '../api.ts';
import { CenterForm } from '../components/center-form.tsx';
import { profilePathOf } from '../components/centers-table.tsx';

function CenterFormScreen({ kind, center }: { kind: CenterKind; center?: Center }) {
  const { t } = useTranslation('centers');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveCenterMutation(center ? String(center.id) : undefined);

  const submit = async (body: CenterBody) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.message);
      navigate(profilePathOf({ id: saved.id, kind }));
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {center ? t('form.editTitle') : t(`form.addTitle.${kind}`)}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <CenterForm
          kind={kind}
          center={center}
          submitting={save.isPending}
          cancelTo={center ? profilePathOf(center) : `/admin/${kind}-center`}
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}

/** `/admin/training-center/add-new` and `/admin/medical-center/add-new` (super admin). */
export function AddCenterPage({ kind }: { kind: CenterKind }) {
  return <CenterFormScreen kind={kind} />;
}

/** `/admin/<kind>-center/edit/:id` (super admin): the form filled from the stored centre. */
export function EditCenterPage({ kind }: { kind: CenterKind }) {
  const { t } = useTranslation('centers');
  const { id = '' } = useParams();
  const query = useQuery(centerQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  // A centre opened under the other kind's address: the same screen, under its own kind.
  if (query.data.kind !== kind)
    return <Navigate to={`/admin/${query.data.kind}-center/edit/${id}`} replace />;
  return <CenterFormScreen key={query.data.id} kind={kind} center={query.data} />;
}
