import { RESOURCE_IDS } from '../permissions.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { englishName, IdSchema, NamedRef, nameText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

const GrantedPrivilege = z.strictObject({
  id: z.number().refine((id) => (RESOURCE_IDS as readonly number[]).includes(id), { error: 'INVALID_VALUE' }),
  read: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});

/** A permission group as the resources × actions grid edits it. */
export const PermissionGroupInput = z.strictObject({
  nameEn: englishName(80),
  nameAr: nameText(80),
  privileges: z
    .array(GrantedPrivilege)
    .max(RESOURCE_IDS.length)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { error: 'INVALID_VALUE' }),
});
export type PermissionGroupInput = z.infer<typeof PermissionGroupInput>;

/**
 * A new group also says whom it belongs to, once: `null` head office, or one branch. Left out, it
 * belongs where its maker works (branch staff: their branch; head office: head office).
 */
export const NewPermissionGroupInput = PermissionGroupInput.extend({
  branchId: z.union([IdSchema, z.null()], { error: 'SELECT_BRANCH' }).optional(),
});
export type NewPermissionGroupInput = z.infer<typeof NewPermissionGroupInput>;

const BranchRef = NamedRef.extend({ code: z.string() });

export const PermissionGroup = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  privileges: z.array(GrantedPrivilege),
  memberCount: z.number(),
  /** Null: head office. */
  branch: BranchRef.nullable(),
  abilities: Abilities('updateGroup'),
});
export type PermissionGroup = z.infer<typeof PermissionGroup>;

export const PermissionGroupListQuery = listQuery(['nameEn', 'nameAr'] as const);
export const PermissionGroupPage = listPage(PermissionGroup);
export const PermissionGroupCountQuery = countQueryOf(PermissionGroupListQuery);

/** Whom the caller may give a new group to: head office (when they work there) and branches. */
export const PermissionGroupFormOptions = z.object({
  headOffice: z.boolean(),
  branches: z.array(BranchRef),
});
export type PermissionGroupFormOptions = z.infer<typeof PermissionGroupFormOptions>;
