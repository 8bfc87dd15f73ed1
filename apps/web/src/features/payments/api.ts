import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CheckoutSummary,
  Payment,
  PaymentCreated,
  type PaymentMethod,
  PaymentPage,
  type PaymentStatus,
  type WireRejectInput,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export const checkoutQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout', bookingId],
    queryFn: ({ signal }) =>
      apiRequest(`/payments/checkout/${bookingId}`, { schema: CheckoutSummary, signal }),
  });

export interface PaymentListParams {
  /** The payer (finance): part of a student's ID number or name, or of a corporate's name or CR. */
  search: string;
  from: string;
  to: string;
  method: '' | PaymentMethod;
  status: '' | PaymentStatus;
  branchId: string;
  cursor: string | undefined;
  limit: number;
}

/** The caller's payments (a payer's own, or those finance may see), newest first, a page at a time. */
export const paymentListQuery = (params: PaymentListParams) =>
  queryOptions({
    queryKey: ['payments', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/payments', params), { schema: PaymentPage, signal }),
    placeholderData: keepPreviousData,
  });

export const paymentCountQuery = (params: PaymentListParams) =>
  listCountQuery(['payments'], '/payments', params);

export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/payments/${id}`, { schema: Payment, signal }),
  });

export type PayBody = Record<string, string | number> | FormData;

/** `POST /api/payments` (the client gives it its Idempotency-Key). */
export function usePayMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayBody) => apiRequest('/payments', { schema: PaymentCreated, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments'] }),
  });
}

const Confirmed = PaymentCreated.extend({ message: z.string() });

export function useConfirmWireMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/payments/${id}/confirm-wire`, { schema: Confirmed, method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments'] }),
  });
}

/** `POST /api/payments/:id/reject-wire` (finance): the wire is refused with a reason told to the payer. */
export function useRejectWireMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & WireRejectInput) =>
      apiRequest(`/payments/${id}/reject-wire`, { schema: Confirmed, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments'] }),
  });
}

/** Downloads an invoice's PDF with the bearer token (a plain link cannot send it). */
export async function downloadInvoice(invoiceId: number, number: string): Promise<void> {
  return downloadApiFile(`/invoices/${invoiceId}/pdf`, `${number}.pdf`);
}
