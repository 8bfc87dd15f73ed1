import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ContactChangeSent,
  type ContactField,
  type StudentAttachment,
  StudentBranchOptions,
  StudentCorporateOptions,
  StudentPage,
  StudentProfile,
  translateMessage,
  z,
} from '@tasreeh/shared';
import { ApiError } from '../../api/api-error.ts';
import { apiRequest } from '../../api/client.ts';
import { apiBaseOf, environmentOf } from '../../api/environment.ts';
import { trackRequest } from '../../api/in-flight.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';
import { i18next } from '../../i18n/index.ts';
import { isLanguage } from '../../i18n/languages.ts';
import { readToken } from '../auth/session.ts';

/** Whose students a screen shows: the back office's (`/students`) or a corporate's own (`/corporate/students`). */
export type StudentsScope = 'admin' | 'corporate';

const BASE: Record<StudentsScope, string> = { admin: '/students', corporate: '/corporate/students' };

/** What a students list asks for (spec §2 Students: search, filters, sort, keyset pages). */
export interface StudentListParams {
  search: string;
  sort: 'nameEn' | 'nameAr' | 'createdAt';
  order: 'asc' | 'desc';
  branchId: string;
  corporateId: string;
  onHold: '' | 'true' | 'false';
  hasPhoto: '' | 'true' | 'false';
  nationality: string;
  gender: '' | 'male' | 'female';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

export const studentListQuery = (scope: StudentsScope, params: Partial<StudentListParams>) =>
  queryOptions({
    queryKey: ['students', scope, 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath(BASE[scope], params), { schema: StudentPage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many students match a list's search and filters (asked once per filter). */
export const studentCountQuery = (scope: StudentsScope, params: Partial<StudentListParams>) =>
  listCountQuery(['students', scope], BASE[scope], params);

export const studentQuery = (scope: StudentsScope, id: string) =>
  queryOptions({
    queryKey: ['students', scope, 'detail', id],
    queryFn: ({ signal }) => apiRequest(`${BASE[scope]}/${id}`, { schema: StudentProfile, signal }),
  });

/** The student with this ID number, in the caller's reach; a 404 carries "No student found with this ID." */
export function findStudentByIdNumber(idNumber: string) {
  return apiRequest(`/students/by-id-number/${encodeURIComponent(idNumber)}`, { schema: StudentProfile });
}

/** The branches the signed-in staff member may place students in. */
export const branchOptionsQuery = queryOptions({
  queryKey: ['students', 'placement', 'branches'],
  queryFn: ({ signal }) =>
    apiRequest('/students/placement/branches', { schema: StudentBranchOptions, signal }),
  staleTime: 5 * 60_000,
});

/** Corporates whose name or CR number holds the search (a short list for a picker). */
export const corporateOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: ['students', 'placement', 'corporates', search],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/students/placement/corporates', { search }), {
        schema: StudentCorporateOptions,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

function currentLanguage() {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

/**
 * A stored file (a student's photo or ID copy) as a Blob: `/api/files` wants the bearer token,
 * which an `<img src>` cannot send. Counted by the global loading indicator like every call.
 */
async function fetchFile(fileId: string, signal: AbortSignal): Promise<Blob> {
  const token = readToken();
  const done = trackRequest();
  try {
    const response = await fetch(`${apiBaseOf(environmentOf(window.location.hostname))}/files/${fileId}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
    if (!response.ok) {
      throw new ApiError(response.status, translateMessage('REQUEST_FAILED', currentLanguage()));
    }
    return await response.blob();
  } finally {
    done();
  }
}

export const studentFileQuery = (fileId: string) =>
  queryOptions({
    queryKey: ['students', 'file', fileId],
    queryFn: ({ signal }) => fetchFile(fileId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The body of an add or edit: the Student fields as the API takes them, and the corporate (or none). */
export type StudentBody = Record<string, string | number | null>;

/** Adds (no id) or edits a student from the back office. */
export function useSaveStudentMutation(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentBody) =>
      apiRequest(id ? `/students/${id}` : '/students', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

/** A corporate adds a worker of its own (always under itself). */
export function useAddCorporateStudentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentBody) => apiRequest('/corporate/students', { schema: Saved, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

/** Replaces a student's photo or ID copy. */
export function useUploadAttachmentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: StudentAttachment; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest(`/students/${id}/attachments/${kind}`, { schema: Saved, method: 'PUT', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

/** Puts a student on hold, or takes the hold off, with the reason. */
export function useHoldMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hold, reason }: { hold: boolean; reason: string }) =>
      apiRequest(`/students/${id}/${hold ? 'hold' : 'unhold'}`, { schema: Saved, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

export interface TransferBody {
  branchId: number;
  corporateId: number | null;
  reason: string;
}

/** Moves a student to another branch and/or corporate. */
export function useTransferMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TransferBody }) =>
      apiRequest(`/students/${id}/transfer`, { schema: Saved, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

/** A corporate stops booking for one of its students (spec §4: after a confirmation). */
export function useRemoveCorporateStudentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/corporate/students/${id}`, { schema: Saved, method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

/** Looks a student up by ID number (the "find by ID" box); a 404 says "No student found with this ID." */
export const useFindByIdNumberMutation = () => useMutation({ mutationFn: findStudentByIdNumber });

/** A login e-mail or phone an edit changes: it takes effect only with the code sent to it. */
export interface ContactChange {
  field: ContactField;
  value: string;
}

/**
 * Sends a code to a student's or corporate's new login e-mail or phone (`path`: `/students/12`,
 * `/corporates/5`); nothing changes until the code is entered.
 */
export function requestContactChange(path: string, change: ContactChange) {
  return apiRequest(`${path}/contact-change`, {
    schema: ContactChangeSent,
    body: { [change.field]: change.value },
  });
}

/** Enters the code the new contact received: the change is made and the account signed out everywhere. */
export function verifyContactChange(path: string, code: string) {
  return apiRequest(`${path}/contact-change/verify`, { schema: Saved, body: { code } });
}
