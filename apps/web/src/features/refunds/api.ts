import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RefundableOf,
  RefundRequestDone,
  type RefundRequestInput,
  RefundRequestPage,
  type RefundStatus,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface RefundListParams {
  /** The payer: a student's name or ID number, a corporate's name or CR number. */
  search: string;
  status: '' | RefundStatus;
  payerKind: 'student' | 'corporate';
  cursor: string | undefined;
  limit: number;
}

const PAYOUT_REFRESH_MS = 2_000;
const PAYOUT_QUICK_REFRESHES = 30;
const PAYOUT_SLOW_REFRESH_MS = 30_000;

/**
 * How soon a list showing a card refund on its way asks again, until the gateway has taken it:
 * every 2 s for its first minute of answers (an approved payout is seconds away), then every 30 s
 * (one the gateway refused waits for its retry), not every 2 s for as long as the page is open.
 */
export function payoutRefreshOf(items: readonly { payoutStatus: string }[], answers: number): number | false {
  if (!items.some((request) => request.payoutStatus === 'pending')) return false;
  return answers < PAYOUT_QUICK_REFRESHES ? PAYOUT_REFRESH_MS : PAYOUT_SLOW_REFRESH_MS;
}

/**
 * Refund requests of students' or corporates' payments, newest first, a page at a time. A card
 * refund approved is sent by a background job within seconds: while one on the page is pending,
 * the page is read again, so its row turns to sent (or failed) by itself.
 */
export const refundListQuery = (params: RefundListParams) =>
  queryOptions({
    queryKey: ['refunds', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/refund-requests', params), { schema: RefundRequestPage, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => payoutRefreshOf(query.state.data?.items ?? [], query.state.dataUpdateCount),
  });

export const refundCountQuery = (params: RefundListParams) =>
  listCountQuery(['refunds'], '/refund-requests', params);

/** What is left to refund of a payment: the request dialog's default amount. */
export const refundableQuery = (paymentId: number) =>
  queryOptions({
    queryKey: ['refunds', 'refundable', paymentId],
    queryFn: ({ signal }) =>
      apiRequest(`/refund-requests/refundable/${paymentId}`, { schema: RefundableOf, signal }),
  });

/** `POST /api/refund-requests`: "Request has been submitted". */
export function useRequestRefundMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequestInput) =>
      apiRequest('/refund-requests', { schema: RefundRequestDone, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['refunds'] }),
  });
}

/** `POST /api/refund-requests/:id/approve` or `/reject` (finance with edit, never the requester). */
export function useDecideRefundMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'reject'; note?: string }) =>
      apiRequest(`/refund-requests/${id}/${decision}`, {
        schema: RefundRequestDone,
        method: 'POST',
        body: note ? { note } : {},
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['refunds'] });
      void client.invalidateQueries({ queryKey: ['payments'] });
    },
  });
}

/** `POST /api/refund-requests/:id/retry-payout` (finance with edit): a failed card refund is sent again. */
export function useRetryPayoutMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/refund-requests/${id}/retry-payout`, {
        schema: RefundRequestDone,
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['refunds'] }),
  });
}
