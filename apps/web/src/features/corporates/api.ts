import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Corporate,
  type CorporateAttachment,
  CorporatePage,
  type CorporateType,
  translateMessage,
} from '@tasreeh/shared';
import { z } from 'zod';
import { ApiError, apiErrorFrom } from '../../api/api-error.ts';
import { apiRequest } from '../../api/client.ts';
import { apiBaseOf, environmentOf } from '../../api/environment.ts';
import { trackRequest } from '../../api/in-flight.ts';
import { listPath } from '../../api/list-path.ts';
import { i18next } from '../../i18n/index.ts';
import { isLanguage } from '../../i18n/languages.ts';
import { readToken } from '../auth/session.ts';

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

export const corporateQuery = (id: string) =>
  queryOptions({
    queryKey: ['corporates', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/corporates/${id}`, { schema: Corporate, signal }),
  });

/**
 * A stored copy's bytes: a link or an <img> cannot send the bearer token, so the file is
 * fetched with it and shown from a blob. The key is the file id: a replaced copy is a new file.
 */
export const corporateFileQuery = (fileId: string) =>
  queryOptions({
    queryKey: ['corporates', 'file', fileId],
    queryFn: async ({ signal }) => {
      const token = readToken();
      const failed = translateMessage(
        'REQUEST_FAILED',
        isLanguage(i18next.language) ? i18next.language : 'en',
      );
      const done = trackRequest();
      try {
        const response = await fetch(
          `${apiBaseOf(environmentOf(window.location.hostname))}/files/${fileId}`,
          {
            headers: token ? { Authorization: `Bearer ${token}` } : {},
            signal,
          },
        );
        if (!response.ok) throw apiErrorFrom(response.status, undefined, failed);
        return await response.blob();
      } catch (error) {
        if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError'))
          throw error;
        throw new ApiError(0, failed);
      } finally {
        done();
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
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
