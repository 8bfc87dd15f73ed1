import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Corporate, type CorporateAttachment, CorporatePage, type CorporateType, z } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the corporate list asks for (spec §2 Corporates: search, filters, sort, keyset pages). */
export interface CorporateListParams {
  search: string;
  type: '' | CorporateType;
  region: string;
  sort: 'nameEn' | 'nameAr' | 'crNumber' | 'createdAt';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

export const corporateListQuery = (params: CorporateListParams) =>
  queryOptions({
    queryKey: ['corporates', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/corporates', params), { schema: CorporatePage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many corporates match a list's search and filters (asked once per filter). */
export const corporateCountQuery = (params: CorporateListParams) =>
  listCountQuery(['corporates'], '/corporates', params);

export const corporateQuery = (id: string) =>
  queryOptions({
    queryKey: ['corporates', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/corporates/${id}`, { schema: Corporate, signal }),
  });

/** The body of a create or edit: the form's strings, blanks left out. */
export type CorporateBody = Record<string, string>;

export function useSaveCorporateMutation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorporateBody) =>
      apiRequest(id ? `/corporates/${id}` : '/corporates', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['corporates'] }),
  });
}

/** Adds or replaces one copy (multipart, one `file` field); the server checks its bytes and size. */
export function useUploadCorporateFileMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: CorporateAttachment; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`/corporates/${id}/attachments/${kind}`, {
        schema: Saved,
        method: 'PUT',
        body: form,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['corporates'] }),
  });
}
