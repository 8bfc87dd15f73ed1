import { Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { JOB_STATES, type JobState } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { jobCountQuery, jobListQuery, jobQueuesQuery } from '../api.ts';
import { JobTable } from '../components/job-table.tsx';
import { QueueTable } from '../components/queue-table.tsx';
import { useQueueLabel } from '../queue-label.ts';

/**
 * The super admin's view of the background work (`/admin/jobs`): every queue with its jobs by
 * state, then the jobs of one state (failed first, with their error), each retried or cancelled.
 */
export function JobsPage() {
  const { t } = useTranslation('jobs');
  const queueLabel = useQueueLabel();
  const queues = useQuery(jobQueuesQuery());
  const list = useListState<{ queue: string; state: JobState }>({ queue: '', state: 'failed' });
  // The list has no search: the blank one is left out of the request (listPath).
  const jobs = useQuery(jobListQuery(list.params));
  const count = useQuery(jobCountQuery(list.params));
  const show = (queue: string, state: JobState) => {
    list.setFilter('queue', queue);
    list.setFilter('state', state);
    document.getElementById('jobs-list')?.scrollIntoView({ block: 'start' });
  };
  const stateLabel = t(`state.${list.filters.state}`);

  return (
    <Stack gap="md">
      <ListHeader title={t('title')} intro={t('intro')} />
      <QueryView query={queues}>{(data) => <QueueTable queues={data.items} onShow={show} />}</QueryView>
      <Title order={2} size="h3" id="jobs-list">
        {t('list.title', { state: stateLabel })}
      </Title>
      <ListFilters list={list} columns={2}>
        <ListChoiceFilter
          list={list}
          name="queue"
          label={t('list.queue')}
          allLabel={t('list.allQueues')}
          options={(queues.data?.items ?? []).map((queue) => ({
            value: queue.name,
            label: queueLabel(queue.name),
          }))}
        />
        <Select
          label={t('list.state')}
          data={JOB_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }))}
          value={list.filters.state}
          onChange={(next) => list.setFilter('state', JOB_STATES.find((state) => state === next) ?? 'failed')}
          allowDeselect={false}
        />
      </ListFilters>
      <ListResults
        query={jobs}
        count={count}
        list={list}
        totalText={(shown, total) => t('list.count', { count: shown, total })}
        noneText={t('list.none', { state: stateLabel })}
        noMatchText={t('list.none', { state: stateLabel })}
        pagesLabel={t('list.pages')}
        totalTestId="job-total-count"
      >
        {(items) => <JobTable caption={t('list.title', { state: stateLabel })} items={items} />}
      </ListResults>
    </Stack>
  );
}
