import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdvanceMethod,
  AdvancePaymentPage,
  BalancePage,
  PayerBalanceDetail,
  type PayerKind,
  PayerOption,
  PaymentCreated,
  type PaymentStatus,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface AdvanceListParams {
  search: string;
  payerKind: '' | PayerKind;
  method: '' | AdvanceMethod;
  status: '' | PaymentStatus;
  from: string;
  to: string;
  cursor: string | undefined;
  limit: number;
}

/** `GET /api/advance-payments`: newest first, a page at a time. */
export const advanceListQuery = (params: AdvanceListParams) =>
  queryOptions({
    queryKey: ['advances', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/advance-payments', params), { schema: AdvancePaymentPage, signal }),
    placeholderData: keepPreviousData,
  });

export const advanceCountQuery = (params: AdvanceListParams) =>
  listCountQuery(['advances'], '/advance-payments', params);

export interface BalanceListParams {
  search: string;
  payerKind: '' | PayerKind;
  cursor: string | undefined;
  limit: number;
}

/** `GET /api/balances`: every payer with a movement and its balance. */
export const balanceListQuery = (params: BalanceListParams) =>
  queryOptions({
    queryKey: ['balances', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/balances', params), { schema: BalancePage, signal }),
    placeholderData: keepPreviousData,
  });

export const balanceCountQuery = (params: BalanceListParams) =>
  listCountQuery(['balances'], '/balances', params);

/** `GET /api/balances/:kind/:id`: a payer's balance and its movements. */
export const payerBalanceQuery = (kind: PayerKind, id: number) =>
  queryOptions({
    queryKey: ['balances', 'detail', kind, id],
    queryFn: ({ signal }) => apiRequest(`/balances/${kind}/${id}`, { schema: PayerBalanceDetail, signal }),
  });

/** `GET /api/advance-payments/payers?search=`: whom an advance may be recorded for. */
export const payerSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['advances', 'payers', search],
    queryFn: ({ signal }) =>
      apiRequest(`/advance-payments/payers?search=${encodeURIComponent(search)}`, {
        schema: z.array(PayerOption),
        signal,
      }),
    enabled: search.trim().length >= 2,
  });

/** `POST /api/advance-payments` (the client gives it its Idempotency-Key). */
export function useAdvanceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string | number> | FormData) =>
      apiRequest('/advance-payments', { schema: PaymentCreated, method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['advances'] });
      await client.invalidateQueries({ queryKey: ['balances'] });
    },
  });
}
