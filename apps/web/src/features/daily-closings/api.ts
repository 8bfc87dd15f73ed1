import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ClosingInput,
  ClosingPage,
  ClosingSaved,
  type ClosingStatus,
  ClosingSummary,
  DailyClosing,
} from '@tasreeh/shared';
import { apiBlob, apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface ClosingListParams {
  /** Part of the branch's name or code. */
  search: string;
  from: string;
  to: string;
  status: '' | ClosingStatus;
  branchId: string;
  cursor: string | undefined;
  limit: number;
}

/** The closings the caller may read, newest day first, a page at a time. */
export const closingListQuery = (params: ClosingListParams) =>
  queryOptions({
    queryKey: ['daily-closings', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/daily-closings', params), { schema: ClosingPage, signal }),
    placeholderData: keepPreviousData,
  });

export const closingCountQuery = (params: ClosingListParams) =>
  listCountQuery(['daily-closings'], '/daily-closings', params);

export const closingQuery = (id: string) =>
  queryOptions({
    queryKey: ['daily-closings', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/daily-closings/${id}`, { schema: DailyClosing, signal }),
  });

/** The system's totals of a branch's day (add-closing's second step). */
export const closingSummaryQuery = (branchId: string, day: string) =>
  queryOptions({
    queryKey: ['daily-closings', 'summary', branchId, day],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/daily-closings/summary', { branchId, day }), { schema: ClosingSummary, signal }),
    enabled: branchId !== '' && day !== '',
  });

export function useCreateClosingMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClosingInput) =>
      apiRequest('/daily-closings', { schema: ClosingSaved, method: 'POST', body: { ...body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['daily-closings'] }),
  });
}

/** `PUT /api/daily-closings/:id/deposit-slip` (/upload). */
export function useUploadSlipMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(`/daily-closings/${id}/deposit-slip`, { schema: ClosingSaved, method: 'PUT', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['daily-closings'] }),
  });
}

/** `POST /api/daily-closings/:id/finish` (/finish): the day is locked. */
export function useFinishClosingMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/daily-closings/${id}/finish`, { schema: ClosingSaved, method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['daily-closings'] }),
  });
}

/** Opens the closing's deposit slip in a new tab. */
export async function openDepositSlip(id: number) {
  const blob = await apiBlob(`/daily-closings/${id}/deposit-slip`);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
