import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { JobSummary } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useJobActionMutation } from '../api.ts';
import { useQueueLabel } from '../queue-label.ts';

const ACTIONS = ['retry', 'cancel'] as const;

/** What may be done with the job, as the server's policy answered with it (its state decides). */
function actionsOf(job: JobSummary): (typeof ACTIONS)[number][] {
  return ACTIONS.filter((action) => job.abilities[action]);
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
