import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NewPermissionGroupInput,
  PermissionGroup,
  PermissionGroupFormOptions,
  type PermissionGroupInput,
  PermissionGroupPage,
  StaffUser,
  StaffUserFormOptions,
  StaffUserPage,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the user list asks for (spec §2 Users: search, filters, sort, keyset pages). */
export interface UserListParams {
  search: string;
  type: string;
  branchId: string;
  permissionGroupId: string;
  status: '' | 'active' | 'inactive';
  sort: 'nameEn' | 'nameAr' | 'username' | 'createdAt';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

export interface GroupListParams {
  search: string;
  sort: 'nameEn' | 'nameAr';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

const Saved = z.object({ id: z.number(), message: z.string() });

/** The API sends dates as ISO strings; the shared schema reads them as Dates. */
const StaffUserJson = StaffUser.extend({ createdAt: z.coerce.date() });
const StaffUserPageJson = StaffUserPage.extend({ items: z.array(StaffUserJson) });

export const userListQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/users', params), { schema: StaffUserPageJson, signal }),
    placeholderData: keepPreviousData,
  });

/** How many staff users match a list's search and filters (asked once per filter). */
export const userCountQuery = (params: UserListParams) => listCountQuery(['users'], '/users', params);

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/users/${id}`, { schema: StaffUserJson, signal }),
  });

/** The types, branches and groups the signed-in user may give an account (decided by the server). */
export const userFormOptionsQuery = queryOptions({
  queryKey: ['users', 'form-options'],
  queryFn: ({ signal }) => apiRequest('/users/form-options', { schema: StaffUserFormOptions, signal }),
  staleTime: 60_000,
});

/** The body of a create or edit, blanks left out. */
export type UserBody = Record<string, string | number | null>;

export function useSaveUserMutation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody) =>
      apiRequest(id ? `/users/${id}` : '/users', { schema: Saved, method: id ? 'PATCH' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useSetUserStatusMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: 'active' | 'inactive') =>
      apiRequest(`/users/${id}/status`, { schema: Saved, method: 'PATCH', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

export const groupListQuery = (params: GroupListParams) =>
  queryOptions({
    queryKey: ['permission-groups', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/permission-groups', params), { schema: PermissionGroupPage, signal }),
    placeholderData: keepPreviousData,
  });

/** How many permission groups match a list's search and filters (asked once per filter). */
export const groupCountQuery = (params: GroupListParams) =>
  listCountQuery(['permission-groups'], '/permission-groups', params);

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: ['permission-groups', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/permission-groups/${id}`, { schema: PermissionGroup, signal }),
  });

/** Whom the signed-in user may give a new group to: head office and the branches (decided by the server). */
export const groupFormOptionsQuery = queryOptions({
  queryKey: ['permission-groups', 'form-options'],
  queryFn: ({ signal }) =>
    apiRequest('/permission-groups/form-options', { schema: PermissionGroupFormOptions, signal }),
  staleTime: 60_000,
});

/** A new group's body names its owner (`branchId`); an edit's never does (the owner is set once). */
export type GroupBody = PermissionGroupInput | NewPermissionGroupInput;

export function useSaveGroupMutation(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupBody) =>
      apiRequest(id ? `/permission-groups/${id}` : '/permission-groups', {
        schema: Saved,
        method: id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['permission-groups'] });
      await client.invalidateQueries({ queryKey: ['users', 'form-options'] });
    },
  });
}
