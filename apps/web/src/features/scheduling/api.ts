import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SessionDetail,
  type SessionEditScope,
  SessionFormOptions,
  SessionList,
  SessionsSaved,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';

/** A period of Riyadh days and the staff filters (blank: all). */
export interface SessionListParams {
  from: string;
  to: string;
  branchId: string;
  courseId: string;
  kind: '' | 'training' | 'exam';
}

function sessionsPath(params: SessionListParams): string {
  const query = new URLSearchParams({ from: params.from, to: params.to });
  if (params.branchId) query.set('branchId', params.branchId);
  if (params.courseId) query.set('courseId', params.courseId);
  if (params.kind) query.set('kind', params.kind);
  return `/sessions?${query.toString()}`;
}

export const sessionsQuery = (params: SessionListParams) =>
  queryOptions({
    queryKey: ['sessions', 'list', params],
    queryFn: ({ signal }) => apiRequest(sessionsPath(params), { schema: SessionList, signal }),
    placeholderData: keepPreviousData,
  });

export const sessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['sessions', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/sessions/${id}`, { schema: SessionDetail, signal }),
  });

export const sessionFormOptionsQuery = queryOptions({
  queryKey: ['sessions', 'form-options'],
  queryFn: ({ signal }) => apiRequest('/sessions/form-options', { schema: SessionFormOptions, signal }),
  staleTime: 60_000,
});

/** Saves a training or exam session: a new one (POST) or one of its sessions (PATCH). */
export function useSaveSessionMutation(kind: 'training' | 'exam', id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest(id ? `/sessions/${kind}/${id}` : `/sessions/${kind}`, {
        schema: SessionsSaved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

/** Cancels a session, or with `following` it and the later sessions of its series. */
export function useCancelSessionMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scope: SessionEditScope) =>
      apiRequest(`/sessions/${id}/cancel`, {
        schema: z.object({ id: z.number(), message: z.string() }),
        method: 'POST',
        body: { scope },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
