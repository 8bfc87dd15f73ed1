import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FEE_SERVICES,
  FeeSetup,
  FeeSetupPage,
  LedgerAccount,
  LedgerAccountPage,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the fees-setup list asks for: search by name, filter by service, sort, keyset pages. */
export interface FeeListParams {
  search: string;
  service: '' | (typeof FEE_SERVICES)[number];
  sort: 'nameEn' | 'nameAr';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

/** What the ledger-setup list asks for: search by any segment, sort, keyset pages. */
export interface LedgerListParams {
  search: string;
  sort: 'mainAccount' | 'naturalAccount' | 'department';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

export const feeListQuery = (params: FeeListParams) =>
  queryOptions({
    queryKey: ['fees', 'setups', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/fee-setups', params), { schema: FeeSetupPage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many fee setups match a list's search and filters (asked once per filter). */
export const feeCountQuery = (params: FeeListParams) =>
  listCountQuery(['fees', 'setups'], '/fee-setups', params);

export const feeSetupQuery = (id: string) =>
  queryOptions({
    queryKey: ['fees', 'setups', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/fee-setups/${id}`, { schema: FeeSetup, signal }),
  });

/** A fee setup as the API takes it: amounts and rates as typed, the VAT choices and status as booleans. */
export type FeeSetupBody = Record<string, string | boolean>;

export function useSaveFeeSetupMutation(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeSetupBody) =>
      apiRequest(id ? `/fee-setups/${id}` : '/fee-setups', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fees', 'setups'] }),
  });
}

export const ledgerListQuery = (params: LedgerListParams) =>
  queryOptions({
    queryKey: ['fees', 'ledger', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/ledger-accounts', params), { schema: LedgerAccountPage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many ledger accounts match a list's search and filters (asked once per filter). */
export const ledgerCountQuery = (params: LedgerListParams) =>
  listCountQuery(['fees', 'ledger'], '/ledger-accounts', params);

export const ledgerAccountQuery = (id: string) =>
  queryOptions({
    queryKey: ['fees', 'ledger', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/ledger-accounts/${id}`, { schema: LedgerAccount, signal }),
  });

export type LedgerBody = Record<string, string | null>;

export function useSaveLedgerAccountMutation(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerBody) =>
      apiRequest(id ? `/ledger-accounts/${id}` : '/ledger-accounts', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fees', 'ledger'] }),
  });
}

/** Deletes a ledger account; one with journal lines is refused by the API (409). */
export function useDeleteLedgerAccountMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/ledger-accounts/${id}`, { schema: Saved, method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fees', 'ledger'] }),
  });
}
