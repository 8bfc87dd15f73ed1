import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { JobSummary } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useJobActionMutation } from '../api.ts';
import { useQueueLabel } from '../queue-label.ts';

/** What may be done with a job in its state: a failed or cancelled one runs again; a waiting one is cancelled. */
function actionsOf(job: JobSummary): ('retry' | 'cancel')[] {
  if (job.state === 'failed' || job.state === 'cancelled') return ['retry'];
  if (job.state === 'created' || job.state === 'retry') return ['cancel'];
  return [];
}

/** A job's Retry or Cancel, each after a confirmation (the server audits it). */
export function JobActions({ job }: { job: JobSummary }) {
  const { t } = useTranslation('jobs');
  const { errorMessage } = useMessages();
  const queueLabel = useQueueLabel();
  const mutation = useJobActionMutation();
  const actions = actionsOf(job);
  if (actions.length === 0) return <Text c="dimmed">—</Text>;

  const confirm = (action: 'retry' | 'cancel') =>
    modals.openConfirmModal({
      title: t(`actions.${action}Title`),
      children: <Text size="sm">{t(`actions.${action}Body`, { queue: queueLabel(job.queue) })}</Text>,
      labels: { confirm: t(`actions.${action}`), cancel: t('actions.keep') },
      confirmProps: { color: action === 'cancel' ? 'red.8' : 'brand' },
      closeButtonProps: { 'aria-label': t('actions.keep') },
      onConfirm: () =>
        mutation.mutate(
          { queue: job.queue, id: job.id, action },
          {
            onSuccess: (result) => notifySuccess(result.message),
            onError: (error) => notifyError(errorMessage(error)),
          },
        ),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant="outline"
          color={action === 'cancel' ? 'red.8' : 'brand'}
          loading={mutation.isPending}
          onClick={() => confirm(action)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </Group>
  );
}
