import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AmanaInvoiceDetail,
  type AmanaInvoiceInput,
  AmanaInvoiceIssued,
  AmanaInvoicePage,
  type AmanaInvoiceStatus,
  AmanaVerified,
  type AmanaVerifyInput,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface AmanaInvoiceListParams {
  /** Part of the invoice number. */
  search: string;
  branchId: string;
  from: string;
  to: string;
  status: '' | AmanaInvoiceStatus;
  cursor: string | undefined;
  limit: number;
}

/** amana-invoice: the invoices the caller may see, newest first, a page at a time. */
export const amanaInvoiceListQuery = (params: AmanaInvoiceListParams) =>
  queryOptions({
    queryKey: ['amana-invoices', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/amana-invoices', params), { schema: AmanaInvoicePage, signal }),
    placeholderData: keepPreviousData,
  });

export const amanaInvoiceCountQuery = (params: AmanaInvoiceListParams) =>
  listCountQuery(['amana-invoices'], '/amana-invoices', params);

export const amanaInvoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['amana-invoices', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/amana-invoices/${id}`, { schema: AmanaInvoiceDetail, signal }),
  });

/** Downloads the invoice's bilingual PDF (`GET /api/amana-invoices/:id/pdf`) as `AMN-….pdf`. */
export function downloadAmanaInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  return downloadApiFile(`/amana-invoices/${invoice.id}/pdf`, `${invoice.number}.pdf`);
}

/** The invoices still waiting for verification (issued or partly verified), for the verification screen's picker. */
export const openAmanaInvoicesQuery = queryOptions({
  queryKey: ['amana-invoices', 'open'],
  queryFn: async ({ signal }) => {
    const [issued, partly] = await Promise.all(
      (['issued', 'partly_verified'] as const).map((status) =>
        apiRequest(listPath('/amana-invoices', { status, limit: 100 }), { schema: AmanaInvoicePage, signal }),
      ),
    );
    return [...(issued?.items ?? []), ...(partly?.items ?? [])].sort((a, b) => b.id - a.id);
  },
});

/** `POST /api/amana-invoices` (finance): issues a branch's invoice for a period. */
export function useIssueAmanaInvoiceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AmanaInvoiceInput) =>
      apiRequest('/amana-invoices', { schema: AmanaInvoiceIssued, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['amana-invoices'] }),
  });
}

/** `POST /api/amana-invoices/:id/verify` (the Amanah): a batch of lines, each with its student ID or CR. */
export function useVerifyAmanaBatchMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & AmanaVerifyInput) =>
      apiRequest(`/amana-invoices/${id}/verify`, { schema: AmanaVerified, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['amana-invoices'] }),
  });
}
