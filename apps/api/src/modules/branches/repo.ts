import type { BranchInput } from '@tasreeh/shared';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, classrooms } from '../../db/schema/index.ts';
import {
  countMatches,
  keysetPage,
  matchesAnyColumn,
  matchingRows,
  type PageRequest,
  type SortSpec,
} from '../../lib/keyset.ts';

const publicColumns = {
  id: branches.id,
  code: branches.code,
  nameEn: branches.nameEn,
  nameAr: branches.nameAr,
};

export function listPublicBranches(db: Db) {
  return db
    .select(publicColumns)
    .from(branches)
    .where(eq(branches.status, 'active'))
    .orderBy(asc(branches.nameEn));
}

/** A branch a person may register at: one that exists and is active. */
export async function findBranch(db: Db, id: number) {
  const [row] = await db
    .select(publicColumns)
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.status, 'active')));
  return row;
}

/** Rooms and seats per branch, joined to the branch rows in the same query. */
function capacityOf(db: Db) {
  return db
    .select({
      branchId: classrooms.branchId,
      rooms: sql<number>`count(*)::int`.as('rooms'),
      seats: sql<number>`sum(${classrooms.capacity})::int`.as('seats'),
    })
    .from(classrooms)
    .groupBy(classrooms.branchId)
    .as('capacity');
}

function detailColumnsWith(capacity: ReturnType<typeof capacityOf>) {
  return {
    ...detailColumns,
    classroomCount: sql<number>`coalesce(${capacity.rooms}, 0)`,
    seatCount: sql<number>`coalesce(${capacity.seats}, 0)`,
  };
}

const detailColumns = {
  id: branches.id,
  nameEn: branches.nameEn,
  nameAr: branches.nameAr,
  code: branches.code,
  type: branches.type,
  region: branches.regionCode,
  city: branches.cityId,
  baladiyaCode: branches.baladiyaCode,
  civilDefenseCode: branches.civilDefenseCode,
  civilDefenseExpiry: branches.civilDefenseExpiry,
  crExpiry: branches.crExpiry,
  rentAmount: branches.rentAmount,
  rentDueDate: branches.rentDueDate,
  status: branches.status,
  createdAt: branches.createdAt,
};

type ListedBranch = { id: number; nameEn: string; nameAr: string; code: string; createdAt: Date };

export const BRANCH_SORTS: Record<'nameEn' | 'nameAr' | 'code' | 'createdAt', SortSpec<ListedBranch>> = {
  nameEn: { column: branches.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: branches.nameAr, valueOf: (row) => row.nameAr },
  code: { column: branches.code, valueOf: (row) => row.code },
  createdAt: {
    column: branches.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
};

export interface BranchFilter {
  scopeBranchId?: number;
  search?: string;
  region?: string;
  status?: 'active' | 'inactive';
}

export type BranchListFilter = BranchFilter & PageRequest & { sort: keyof typeof BRANCH_SORTS };

function branchesMatching(filter: BranchFilter) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.scopeBranchId !== undefined) conditions.push(eq(branches.id, filter.scopeBranchId));
  if (filter.region) conditions.push(eq(branches.regionCode, filter.region));
  if (filter.status) conditions.push(eq(branches.status, filter.status));
  if (filter.search) {
    conditions.push(matchesAnyColumn(filter.search, [branches.nameEn, branches.nameAr, branches.code]));
  }
  return and(...conditions);
}

/** A page of branches the actor may see. */
export async function listBranches(db: Db, filter: BranchListFilter) {
  const capacity = capacityOf(db);
  return keysetPage(filter, {
    rows: db
      .select(detailColumnsWith(capacity))
      .from(branches)
      .leftJoin(capacity, eq(capacity.branchId, branches.id))
      .$dynamic(),
    where: branchesMatching(filter),
    sort: BRANCH_SORTS[filter.sort],
    idColumn: branches.id,
  });
}

/** How many branches the actor may see match the filters (capped). */
export function countBranches(db: Db, filter: BranchFilter) {
  return countMatches(db, matchingRows(db).from(branches).where(branchesMatching(filter)).$dynamic());
}

export async function findBranchDetail(db: Db, id: number) {
  const capacity = capacityOf(db);
  const [row] = await db
    .select(detailColumnsWith(capacity))
    .from(branches)
    .leftJoin(capacity, eq(capacity.branchId, branches.id))
    .where(eq(branches.id, id));
  return row;
}

function columnsOf(input: BranchInput) {
  return {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    code: input.code,
    type: input.type,
    regionCode: input.region,
    cityId: input.city,
    baladiyaCode: input.baladiyaCode,
    civilDefenseCode: input.civilDefenseCode,
    civilDefenseExpiry: input.civilDefenseExpiry,
    crExpiry: input.crExpiry,
    rentAmount: input.rentAmount,
    rentDueDate: input.rentDueDate,
    status: input.status,
  };
}

/** Another branch already using this name (in either language) or code. */
export async function findClashingBranch(db: Db, input: BranchInput, exceptId?: number) {
  const [row] = await db
    .select({ id: branches.id, code: branches.code })
    .from(branches)
    .where(
      and(
        or(
          eq(sql`lower(${branches.nameEn})`, input.nameEn.toLowerCase()),
          eq(branches.nameAr, input.nameAr),
          eq(branches.code, input.code),
        ),
        exceptId === undefined ? undefined : sql`${branches.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertBranch(db: Db, input: BranchInput) {
  const [row] = await db.insert(branches).values(columnsOf(input)).returning({ id: branches.id });
  if (!row) throw new Error('branch insert returned nothing');
  return row.id;
}

export async function updateBranch(db: Db, id: number, input: BranchInput) {
  await db.update(branches).set(columnsOf(input)).where(eq(branches.id, id));
}
