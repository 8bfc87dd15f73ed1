import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckoutSummary, Payment, PaymentCreated, PaymentPage, z } from '@tasreeh/shared';
import { apiBlob, apiRequest } from '../../api/client.ts';

export const checkoutQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout', bookingId],
    queryFn: ({ signal }) =>
      apiRequest(`/payments/checkout/${bookingId}`, { schema: CheckoutSummary, signal }),
  });

export interface PaymentFilters {
  from: string;
  to: string;
  method: string;
  status: string;
}

function pathOf(filters: PaymentFilters, cursor: string | undefined) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', '20');
  return `/payments?${params}`;
}

/** The caller's payments (a payer's own, or all for finance), newest first, page after page. */
export const paymentListQuery = (filters: PaymentFilters) =>
  infiniteQueryOptions({
    queryKey: ['payments', 'list', filters],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(pathOf(filters, pageParam), { schema: PaymentPage, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

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

/** Downloads an invoice's PDF with the bearer token (a plain link cannot send it). */
export async function downloadInvoice(invoiceId: number, number: string): Promise<void> {
  const blob = await apiBlob(`/invoices/${invoiceId}/pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
