import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Center,
  type CenterAttachment,
  type CenterKind,
  CenterPage,
  CenterRegistrationResponse,
  type CenterStatus,
  z,
} from '@tasreeh/shared';
import { apiBlob, apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What a centres list asks for: kind and status filters, search, sort and keyset pages. */
export interface CenterListParams {
  kind: '' | CenterKind;
  status: '' | CenterStatus;
  search: string;
  sort: 'createdAt' | 'nameEn' | 'nameAr' | 'crNumber';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

/** The API sends dates as ISO strings; the shared schema reads them as Dates. */
const CenterJson = Center.extend({ createdAt: z.coerce.date(), reviewedAt: z.coerce.date().nullable() });
const CenterPageJson = CenterPage.extend({ items: z.array(CenterJson) });
const Saved = z.object({ id: z.number(), message: z.string() });

export const centerListQuery = (params: CenterListParams) =>
  queryOptions({
    queryKey: ['centers', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/centers', params), { schema: CenterPageJson, signal }),
    placeholderData: keepPreviousData,
  });

/** How many centres match a list's search and filters (asked once per filter). */
export const centerCountQuery = (params: CenterListParams) => listCountQuery(['centers'], '/centers', params);

export const centerQuery = (id: string) =>
  queryOptions({
    queryKey: ['centers', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/centers/${id}`, { schema: CenterJson, signal }),
  });

/** The logged-in centre's own record (centre area). */
export const ownCenterQuery = queryOptions({
  queryKey: ['centers', 'own'],
  queryFn: ({ signal }) => apiRequest('/center/profile', { schema: CenterJson, signal }),
});

/** The body of an add or edit: the form's strings. */
export type CenterBody = Record<string, string>;

export function useSaveCenterMutation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CenterBody) =>
      apiRequest(id ? `/centers/${id}` : '/centers', { schema: Saved, method: id ? 'PATCH' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['centers'] }),
  });
}

export type CenterDecision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject'; reason: string };

/** Approves or rejects a pending registration (super admin). */
export function useReviewCenterMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: CenterDecision) =>
      apiRequest(`/centers/${decision.id}/${decision.action}`, {
        schema: Saved,
        method: 'POST',
        body: decision.action === 'reject' ? { reason: decision.reason } : {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['centers'] }),
  });
}

export interface CenterRegistration {
  fields: Record<string, string>;
  files: Partial<Record<CenterAttachment, File>>;
}

/** POST /centers/register: the text fields, then the optional copies. */
function registerCenter({ fields, files }: CenterRegistration) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file, file.name);
  return apiRequest('/centers/register', { schema: CenterRegistrationResponse, body: form });
}

export const useRegisterCenterMutation = () => useMutation({ mutationFn: registerCenter });

/**
 * Opens a stored copy (CR or licence) in a new tab. The file needs the bearer token, so it is
 * fetched here and handed to the browser as a local object address.
 */
export async function openStoredFile(fileId: string): Promise<void> {
  const opened = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await apiBlob(`/files/${fileId}`);
  } catch (error) {
    opened?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
