import type { PermissionGroupInput, Privilege } from '@tasreeh/shared';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { branches, permissionGroups, type StoredPrivileges, users } from '../../../db/schema/index.ts';
import {
  countMatches,
  keysetPage,
  matchesAnyColumn,
  matchingRows,
  type PageRequest,
  type SortSpec,
} from '../../../lib/keyset.ts';

/** The grid's list as stored: only resources with at least one flag. */
export function toStored(privileges: readonly Privilege[]): StoredPrivileges {
  return Object.fromEntries(
    privileges
      .filter((p) => p.read || p.create || p.edit || p.delete)
      .map(({ id, ...flags }) => [String(id), flags]),
  );
}

const columns = {
  id: permissionGroups.id,
  nameEn: permissionGroups.nameEn,
  nameAr: permissionGroups.nameAr,
  stored: permissionGroups.privileges,
  branchId: permissionGroups.branchId,
  branchCode: branches.code,
  branchNameEn: branches.nameEn,
  branchNameAr: branches.nameAr,
  memberCount: sql<number>`(select count(*)::int from ${users} u where u.permission_group_id = "permission_groups"."id")`,
};

function selectGroups(db: Db) {
  return db
    .select(columns)
    .from(permissionGroups)
    .leftJoin(branches, eq(branches.id, permissionGroups.branchId));
}

/** Only the groups of one branch (branch staff), or every group (head office). */
function ownedBy(scopeBranchId: number | undefined) {
  return scopeBranchId === undefined ? undefined : eq(permissionGroups.branchId, scopeBranchId);
}

type Sortable = { id: number; nameEn: string; nameAr: string };
export const GROUP_SORTS: Record<'nameEn' | 'nameAr', SortSpec<Sortable>> = {
  nameEn: { column: permissionGroups.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: permissionGroups.nameAr, valueOf: (row) => row.nameAr },
};

export interface GroupFilter {
  scopeBranchId?: number;
  search?: string;
}

export type GroupListFilter = GroupFilter & PageRequest & { sort: keyof typeof GROUP_SORTS };

function groupsMatching(filter: GroupFilter) {
  const conditions: (SQL | undefined)[] = [ownedBy(filter.scopeBranchId)];
  if (filter.search) {
    conditions.push(matchesAnyColumn(filter.search, [permissionGroups.nameEn, permissionGroups.nameAr]));
  }
  return and(...conditions);
}

/** A page of the groups the actor may see: their branch's, or all of them for head office. */
export async function listGroups(db: Db, filter: GroupListFilter) {
  return keysetPage(filter, {
    rows: selectGroups(db).$dynamic(),
    where: groupsMatching(filter),
    sort: GROUP_SORTS[filter.sort],
    idColumn: permissionGroups.id,
  });
}

/** How many of the groups the actor may see match the filters (capped). */
export function countGroups(db: Db, filter: GroupFilter) {
  return countMatches(db, matchingRows(db).from(permissionGroups).where(groupsMatching(filter)).$dynamic());
}

/** A group inside the scope, locked for the change about to be made to it when `lock` is set. */
export async function findGroup(db: Db, id: number, scopeBranchId: number | undefined, lock = false) {
  const query = selectGroups(db).where(and(eq(permissionGroups.id, id), ownedBy(scopeBranchId)));
  const [row] = await (lock ? query.for('update', { of: permissionGroups }) : query);
  return row;
}

/** Which name another group of the same owner (head office, or the branch) already has. */
export async function findTakenGroupName(
  db: Db,
  input: PermissionGroupInput,
  branchId: number | null,
  exceptId?: number,
): Promise<'nameEn' | 'nameAr' | undefined> {
  const [row] = await db
    .select({ nameEn: permissionGroups.nameEn })
    .from(permissionGroups)
    .where(
      and(
        branchId === null ? isNull(permissionGroups.branchId) : eq(permissionGroups.branchId, branchId),
        or(
          eq(sql`lower(${permissionGroups.nameEn})`, input.nameEn.toLowerCase()),
          eq(permissionGroups.nameAr, input.nameAr),
        ),
        exceptId === undefined ? undefined : sql`${permissionGroups.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return row.nameEn.toLowerCase() === input.nameEn.toLowerCase() ? 'nameEn' : 'nameAr';
}

export async function branchExists(db: Db, id: number) {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
  return Boolean(row);
}

export async function insertGroup(db: Db, input: PermissionGroupInput, branchId: number | null) {
  const [row] = await db
    .insert(permissionGroups)
    .values({ nameEn: input.nameEn, nameAr: input.nameAr, privileges: toStored(input.privileges), branchId })
    .returning({ id: permissionGroups.id });
  if (!row) throw new Error('group insert returned nothing');
  return row.id;
}

export async function updateGroup(db: Db, id: number, input: PermissionGroupInput) {
  await db
    .update(permissionGroups)
    .set({ nameEn: input.nameEn, nameAr: input.nameAr, privileges: toStored(input.privileges) })
    .where(eq(permissionGroups.id, id));
}
