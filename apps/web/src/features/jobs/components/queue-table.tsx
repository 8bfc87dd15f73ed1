import { Anchor, Table, Text } from '@mantine/core';
import type { JobQueueSummary, JobState } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list/list-table.tsx';
import { formatCentreDateTime, formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useQueueLabel } from '../queue-label.ts';

/** The counts shown per queue: waiting (first try or a retry), running, and how they ended. */
const COUNTED: readonly JobState[] = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'];

/**
 * Every queue of the job runner: its schedule, its jobs counted by state, its last finished job.
 * A count above zero opens those jobs in the list below.
 */
export function QueueTable({
  queues,
  onShow,
}: {
  queues: JobQueueSummary[];
  onShow(queue: string, state: JobState): void;
}) {
  const { t } = useTranslation('jobs');
  const { language } = useLanguage();
  const queueLabel = useQueueLabel();
  const columns = [
    t('queues.queue'),
    ...COUNTED.map((state) => t(`state.${state}`)),
    t('queues.lastCompleted'),
  ];
  return (
    <ListTable caption={t('queues.caption')} minWidth={900} columns={columns}>
      {queues.map((queue) => (
        <Table.Tr key={queue.name} data-testid={`queue-${queue.name}`}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {queueLabel(queue.name)}
            </Text>
            <Text size="xs" c="dimmed" ta="start">
              {/* The queue's name in the code, the same in both languages. */}
              <span lang="en" dir="ltr">
                {queue.name}
              </span>
              {queue.schedule && ` · ${t('queues.schedule', { cron: queue.schedule })}`}
            </Text>
          </Table.Td>
          {COUNTED.map((state) => {
            const count = queue.counts[state] ?? 0;
            return (
              <Table.Td key={state}>
                {count > 0 ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    c={state === 'failed' ? 'red.8' : undefined}
                    fw={state === 'failed' ? 700 : undefined}
                    aria-label={t('queues.show', {
                      count,
                      state: t(`state.${state}`),
                      queue: queueLabel(queue.name),
                    })}
                    onClick={() => onShow(queue.name, state)}
                  >
                    {formatNumber(count, language)}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {formatNumber(0, language)}
                  </Text>
                )}
              </Table.Td>
            );
          })}
          <Table.Td>
            {queue.lastCompletedAt
              ? formatCentreDateTime(queue.lastCompletedAt, language)
              : t('queues.never')}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
