import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { JobChanged, JobPage, JobQueues, type JobState } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface JobListParams {
  /** One queue, or '' for every queue. */
  queue: string;
  state: JobState;
  cursor: string | undefined;
  limit: number;
}

/** Every queue of the job runner with its jobs counted by state (super admin). */
export const jobQueuesQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'queues'],
    queryFn: ({ signal }) => apiRequest('/jobs/queues', { schema: JobQueues, signal }),
  });

/** The jobs of a state (failed first), newest first, a page at a time. */
export const jobListQuery = (params: JobListParams) =>
  queryOptions({
    queryKey: ['jobs', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/jobs', params), { schema: JobPage, signal }),
    placeholderData: keepPreviousData,
  });

export const jobCountQuery = (params: JobListParams) => listCountQuery(['jobs'], '/jobs', params);

/** `POST /api/jobs/:queue/:id/retry` or `/cancel`: audited on the server. */
export function useJobActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id, action }: { queue: string; id: string; action: 'retry' | 'cancel' }) =>
      apiRequest(`/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/${action}`, {
        schema: JobChanged,
        method: 'POST',
        body: {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
