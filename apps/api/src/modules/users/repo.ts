import { STAFF_TYPES, type StaffUserInput } from '@tasreeh/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, permissionGroups, users } from '../../db/schema/index.ts';
import {
  countMatches,
  keysetPage,
  matchesSearch,
  matchingRows,
  type PageRequest,
  type SortSpec,
} from '../../lib/keyset.ts';

const staffColumns = {
  id: users.id,
  nameEn: users.nameEn,
  nameAr: users.nameAr,
  email: users.email,
  username: users.username,
  phone: users.phone,
  type: users.type,
  employeeType: users.employeeType,
  dateOfBirth: users.dateOfBirth,
  idType: users.idType,
  idNumber: users.idNumber,
  idExpiryHijri: users.idExpiryHijri,
  status: users.status,
  createdAt: users.createdAt,
  branchId: users.branchId,
  groupId: permissionGroups.id,
  groupNameEn: permissionGroups.nameEn,
  groupNameAr: permissionGroups.nameAr,
  branchCode: branches.code,
  branchNameEn: branches.nameEn,
  branchNameAr: branches.nameAr,
};

function selectStaff(db: Db) {
  return db
    .select(staffColumns)
    .from(users)
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.permissionGroupId))
    .leftJoin(branches, eq(branches.id, users.branchId));
}

/** Most choices a form's select offers; branches and groups are far fewer. */
const MAX_CHOICES = 500;

export type StaffRow = Awaited<ReturnType<typeof findStaffUser>> & {};

type Sortable = { id: number; nameEn: string; nameAr: string; username: string | null; createdAt: Date };

export const STAFF_SORTS: Record<'nameEn' | 'nameAr' | 'username' | 'createdAt', SortSpec<Sortable>> = {
  nameEn: { column: users.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: users.nameAr, valueOf: (row) => row.nameAr },
  // Every staff account has a username (the form requires one).
  username: { column: users.username, valueOf: (row) => row.username ?? '' },
  createdAt: {
    column: users.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
};

export interface StaffFilter {
  scopeBranchId?: number;
  search?: string;
  type?: (typeof STAFF_TYPES)[number];
  branchId?: number;
  permissionGroupId?: number;
  status?: 'active' | 'inactive';
}

export type StaffListFilter = StaffFilter & PageRequest & { sort: keyof typeof STAFF_SORTS };

/** Staff accounts (never students or corporates) a filter matches. */
function staffMatching(filter: StaffFilter) {
  const conditions: (SQL | undefined)[] = [inArray(users.type, [...STAFF_TYPES])];
  if (filter.scopeBranchId !== undefined) conditions.push(eq(users.branchId, filter.scopeBranchId));
  if (filter.type) conditions.push(eq(users.type, filter.type));
  if (filter.branchId) conditions.push(eq(users.branchId, filter.branchId));
  if (filter.permissionGroupId) conditions.push(eq(users.permissionGroupId, filter.permissionGroupId));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  if (filter.search) {
    conditions.push(matchesSearch(users.searchText, filter.search));
  }
  return and(...conditions);
}

/** A page of staff accounts the actor may see. */
export async function listStaffUsers(db: Db, filter: StaffListFilter) {
  return keysetPage(filter, {
    rows: selectStaff(db).$dynamic(),
    where: staffMatching(filter),
    sort: STAFF_SORTS[filter.sort],
    idColumn: users.id,
  });
}

/** How many staff accounts the actor may see match the filters (capped). */
export function countStaffUsers(db: Db, filter: StaffFilter) {
  return countMatches(db, matchingRows(db).from(users).where(staffMatching(filter)).$dynamic());
}

/** A staff account (never a student or corporate); `lock` takes its row for the change about to be made. */
export async function findStaffUser(db: Db, id: number, lock = false) {
  const query = selectStaff(db).where(and(eq(users.id, id), inArray(users.type, [...STAFF_TYPES])));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  return row;
}

/** The field another account already uses: e-mail, username, phone or ID number. */
export async function findClashingField(
  db: Db,
  input: StaffUserInput,
  exceptId?: number,
): Promise<'email' | 'username' | 'phone' | 'idNumber' | undefined> {
  const clashes = [
    eq(sql`lower(${users.email})`, input.email),
    eq(sql`lower(${users.username})`, input.username),
    eq(users.phone, input.phone),
  ];
  if (input.idNumber) clashes.push(eq(users.idNumber, input.idNumber));
  const [row] = await db
    .select({ email: users.email, username: users.username, phone: users.phone, idNumber: users.idNumber })
    .from(users)
    .where(and(or(...clashes), exceptId === undefined ? undefined : sql`${users.id} <> ${exceptId}`))
    .limit(1);
  if (!row) return undefined;
  if (row.email.toLowerCase() === input.email) return 'email';
  if (row.username?.toLowerCase() === input.username) return 'username';
  if (row.phone === input.phone) return 'phone';
  return 'idNumber';
}

/** A permission group's stored flags and owner (null: head office), or undefined when there is no such group. */
export async function findGroupPrivileges(db: Db, id: number) {
  const [row] = await db
    .select({ stored: permissionGroups.privileges, branchId: permissionGroups.branchId })
    .from(permissionGroups)
    .where(eq(permissionGroups.id, id));
  return row;
}

/** The stored flags of an account's group (none without a group). */
export async function findGroupPrivilegesOf(db: Db, groupId: number | null) {
  if (groupId === null) return {};
  return (await findGroupPrivileges(db, groupId))?.stored ?? {};
}

export async function branchExists(db: Db, id: number) {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
  return Boolean(row);
}

/** The branches a staff form may offer: every branch, or only the one a branch-bound actor works in. */
export async function listBranchChoices(db: Db, scopeBranchId: number | undefined) {
  return db
    .select({ id: branches.id, code: branches.code, nameEn: branches.nameEn, nameAr: branches.nameAr })
    .from(branches)
    .where(scopeBranchId === undefined ? undefined : eq(branches.id, scopeBranchId))
    .orderBy(branches.nameEn, branches.id)
    .limit(MAX_CHOICES);
}

/**
 * The permission groups a staff form may offer, with their stored flags (to keep those the caller
 * may grant): head-office groups and, for a branch-bound actor, their branch's; every group otherwise.
 */
export async function listGroupChoices(db: Db, scopeBranchId: number | undefined) {
  return db
    .select({
      id: permissionGroups.id,
      nameEn: permissionGroups.nameEn,
      nameAr: permissionGroups.nameAr,
      branchId: permissionGroups.branchId,
      stored: permissionGroups.privileges,
    })
    .from(permissionGroups)
    .where(
      scopeBranchId === undefined
        ? undefined
        : or(isNull(permissionGroups.branchId), eq(permissionGroups.branchId, scopeBranchId)),
    )
    .orderBy(permissionGroups.nameEn, permissionGroups.id)
    .limit(MAX_CHOICES);
}

export async function updateStaffStatus(db: Db, id: number, status: 'active' | 'inactive') {
  await db.update(users).set({ status }).where(eq(users.id, id));
}

function columnsOf(input: StaffUserInput) {
  return {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    email: input.email,
    username: input.username,
    phone: input.phone,
    type: input.type,
    employeeType: input.employeeType,
    permissionGroupId: input.permissionGroupId,
    branchId: input.branchId,
    dateOfBirth: input.dateOfBirth,
    idType: input.idType,
    idNumber: input.idNumber,
    idExpiryHijri: input.idExpiryHijri,
    status: input.status,
  };
}

export async function insertStaffUser(db: Db, input: StaffUserInput, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ ...columnsOf(input), passwordHash })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateStaffUser(db: Db, id: number, input: StaffUserInput) {
  await db.update(users).set(columnsOf(input)).where(eq(users.id, id));
}
