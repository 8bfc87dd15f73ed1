import type { PermissionGroupInput, Privilege } from '@tasreeh/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { permissionGroups, type StoredPrivileges, users } from '../../../db/schema/index.ts';
import { keysetPage, matchesAnyColumn, type SortSpec } from '../../../lib/keyset.ts';

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
  memberCount: sql<number>`(select count(*)::int from ${users} u where u.permission_group_id = "permission_groups"."id")`,
};

type Sortable = { id: number; nameEn: string; nameAr: string };
export const GROUP_SORTS: Record<'nameEn' | 'nameAr', SortSpec<Sortable>> = {
  nameEn: { column: permissionGroups.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: permissionGroups.nameAr, valueOf: (row) => row.nameAr },
};

export async function listGroups(
  db: Db,
  query: {
    search?: string;
    sort: keyof typeof GROUP_SORTS;
    order: 'asc' | 'desc';
    cursor?: string;
    limit: number;
  },
) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    conditions.push(matchesAnyColumn(query.search, [permissionGroups.nameEn, permissionGroups.nameAr]));
  }
  const where = and(...conditions);
  return keysetPage(query, {
    rows: db.select(columns).from(permissionGroups).$dynamic(),
    where,
    total: db.$count(permissionGroups, where),
    sort: GROUP_SORTS[query.sort],
    idColumn: permissionGroups.id,
  });
}

export async function findGroup(db: Db, id: number) {
  const [row] = await db.select(columns).from(permissionGroups).where(eq(permissionGroups.id, id));
  return row;
}

export async function isGroupNameTaken(db: Db, input: PermissionGroupInput, exceptId?: number) {
  const [row] = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(
      and(
        or(
          eq(sql`lower(${permissionGroups.nameEn})`, input.nameEn.toLowerCase()),
          eq(permissionGroups.nameAr, input.nameAr),
        ),
        exceptId === undefined ? undefined : sql`${permissionGroups.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertGroup(db: Db, input: PermissionGroupInput) {
  const [row] = await db
    .insert(permissionGroups)
    .values({ nameEn: input.nameEn, nameAr: input.nameAr, privileges: toStored(input.privileges) })
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
