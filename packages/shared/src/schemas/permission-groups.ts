import { z } from 'zod';
import { RESOURCE_IDS } from '../permissions.ts';
import { requiredText } from './common.ts';
import { listPage, listQuery } from './lists.ts';

const GrantedPrivilege = z.strictObject({
  id: z.number().refine((id) => (RESOURCE_IDS as readonly number[]).includes(id), { error: 'INVALID_VALUE' }),
  read: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});

/** A permission group as the resources × actions grid edits it. */
export const PermissionGroupInput = z.strictObject({
  nameEn: requiredText('ENTER_NAME', 80),
  nameAr: requiredText('ENTER_NAME', 80),
  privileges: z
    .array(GrantedPrivilege)
    .max(RESOURCE_IDS.length)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { error: 'INVALID_VALUE' }),
});
export type PermissionGroupInput = z.infer<typeof PermissionGroupInput>;

export const PermissionGroup = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  privileges: z.array(GrantedPrivilege),
  memberCount: z.number(),
});
export type PermissionGroup = z.infer<typeof PermissionGroup>;

export const PermissionGroupListQuery = listQuery(['nameEn', 'nameAr'] as const);
export const PermissionGroupPage = listPage(PermissionGroup);
