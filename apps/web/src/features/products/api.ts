import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Product, ProductPage, type ProductType, z } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the staff list asks for (spec §2 product: search, filters, sort, keyset pages). */
export interface ProductListParams {
  search: string;
  sort: 'nameEn' | 'nameAr' | 'code' | 'price' | 'createdAt';
  order: 'asc' | 'desc';
  type: '' | ProductType;
  status: '' | 'active' | 'inactive';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/products', params), { schema: ProductPage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many products match a list's search and filters (asked once per filter). */
export const productCountQuery = (params: ProductListParams) =>
  listCountQuery(['products'], '/products', params);

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/products/${id}`, { schema: Product, signal }),
  });

/** The body of a create or edit: the form's strings, blanks left out. */
export type ProductBody = Record<string, string>;

export function useSaveProductMutation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) =>
      apiRequest(id ? `/products/${id}` : '/products', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['products'] }),
  });
}

export function useUploadProductImageMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`/products/${id}/image`, { schema: Saved, method: 'PUT', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
