import { Table, Text } from '@mantine/core';
import type { JobState, JobSummary } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list/list-table.tsx';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.tsx';
import { formatCentreDateTime, formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useQueueLabel } from '../queue-label.ts';
import { JobActions } from './job-actions.tsx';

const STATE_TONE: Record<JobState, StatusTone> = {
  created: 'neutral',
  retry: 'warning',
  active: 'neutral',
  completed: 'positive',
  cancelled: 'neutral',
  failed: 'negative',
};

const COLUMNS = ['createdAt', 'queue', 'state', 'tries', 'due', 'error', 'actions'] as const;

/** A page of jobs: when queued, its queue, its state and tries, when due, its last error, what may be done. */
export function JobTable({ caption, items }: { caption: string; items: JobSummary[] }) {
  const { t } = useTranslation('jobs');
  const { language } = useLanguage();
  const queueLabel = useQueueLabel();
  return (
    <ListTable caption={caption} minWidth={960} columns={COLUMNS.map((column) => t(`list.${column}`))}>
      {items.map((job) => (
        <Table.Tr key={job.id} data-testid={`job-${job.id}`}>
          <Table.Td>{formatCentreDateTime(job.createdAt, language)}</Table.Td>
          <Table.Td>{queueLabel(job.queue)}</Table.Td>
          <Table.Td>
            <StatusBadge tone={STATE_TONE[job.state]}>{t(`state.${job.state}`)}</StatusBadge>
          </Table.Td>
          <Table.Td>
            {t('list.triesOf', {
              tries: formatNumber(job.retryCount + 1, language),
              limit: formatNumber(job.retryLimit + 1, language),
            })}
          </Table.Td>
          <Table.Td>{formatCentreDateTime(job.startAfter, language)}</Table.Td>
          <Table.Td>
            {job.error ? (
              // The runner's own words (English, from the code or a gateway): shown as they are.
              <Text size="xs" ff="monospace" lang="en" dir="ltr" ta="start" lineClamp={3} title={job.error}>
                {job.error}
              </Text>
            ) : (
              <Text c="dimmed">—</Text>
            )}
          </Table.Td>
          <Table.Td>
            <JobActions job={job} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
