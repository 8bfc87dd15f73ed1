import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Branch, BranchPage, ClassroomList, z } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the list screen asks for (spec §2 Branches: search, filters, sort, keyset pages). */
export interface BranchListParams {
  search: string;
  sort: 'nameEn' | 'nameAr' | 'code' | 'createdAt';
  order: 'asc' | 'desc';
  region: string;
  status: '' | 'active' | 'inactive';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });
const Message = z.object({ message: z.string() });

export const branchListQuery = (params: BranchListParams) =>
  queryOptions({
    queryKey: ['branches', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/branches', params), { schema: BranchPage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many branches match a list's search and filters (asked once per filter). */
export const branchCountQuery = (params: BranchListParams) =>
  listCountQuery(['branches'], '/branches', params);

export const branchQuery = (id: string) =>
  queryOptions({
    queryKey: ['branches', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/branches/${id}`, { schema: Branch, signal }),
  });

export const classroomsQuery = (branchId: string) =>
  queryOptions({
    queryKey: ['branches', 'classrooms', branchId],
    queryFn: ({ signal }) =>
      apiRequest(`/branches/${branchId}/classrooms`, { schema: ClassroomList, signal }),
  });

/** The body of a create or edit: the form's strings, blanks left out. */
export type BranchBody = Record<string, string>;

export function useSaveBranchMutation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchBody) =>
      apiRequest(id ? `/branches/${id}` : '/branches', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['branches'] }),
  });
}

export interface ClassroomBody {
  name: string;
  capacity: number;
}

export function useAddClassroomMutation(branchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassroomBody) =>
      apiRequest(`/branches/${branchId}/classrooms`, { schema: z.unknown(), method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['branches'] }),
  });
}

export function useEditClassroomMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ClassroomBody }) =>
      apiRequest(`/classrooms/${id}`, { schema: z.unknown(), method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['branches'] }),
  });
}

export function useDeleteClassroomMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (classroom: { id: number }) =>
      apiRequest(`/classrooms/${classroom.id}`, { schema: Message, method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['branches'] }),
  });
}
