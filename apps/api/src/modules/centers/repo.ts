import type {
  CenterCountQuery,
  CenterInput,
  CenterKind,
  CenterListQuery,
  CenterStatus,
} from '@tasreeh/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { centers, users } from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesAnyColumn, matchingRows, type SortSpec } from '../../lib/keyset.ts';

const reviewers = alias(users, 'reviewers');

function selectCenters(db: Db) {
  return db
    .select({
      id: centers.id,
      userId: centers.userId,
      kind: centers.kind,
      status: centers.status,
      nameEn: centers.nameEn,
      nameAr: centers.nameAr,
      crNumber: centers.crNumber,
      crExpiry: centers.crExpiry,
      licenceNumber: centers.licenceNumber,
      licenceExpiry: centers.licenceExpiry,
      vatNumber: centers.vatNumber,
      region: centers.regionCode,
      city: centers.cityId,
      address: centers.address,
      contactName: centers.contactName,
      email: users.email,
      mobile: sql<string>`coalesce(${users.phone}, '')`,
      crCopyFileId: centers.crCopyFileId,
      licenceCopyFileId: centers.licenceCopyFileId,
      rejectionReason: centers.rejectionReason,
      reviewerId: reviewers.id,
      reviewerNameEn: reviewers.nameEn,
      reviewerNameAr: reviewers.nameAr,
      reviewedAt: centers.reviewedAt,
      createdAt: centers.createdAt,
    })
    .from(centers)
    .innerJoin(users, eq(users.id, centers.userId))
    .leftJoin(reviewers, eq(reviewers.id, centers.reviewedBy));
}

export type CenterRow = Awaited<ReturnType<typeof findCenter>> & {};

type Sortable = { id: number; nameEn: string; nameAr: string; crNumber: string; createdAt: Date };
const CENTER_SORTS: Record<CenterListQuery['sort'], SortSpec<Sortable>> = {
  createdAt: {
    column: centers.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
  nameEn: { column: centers.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: centers.nameAr, valueOf: (row) => row.nameAr },
  crNumber: { column: centers.crNumber, valueOf: (row) => row.crNumber },
};

function centersMatching(query: CenterCountQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.kind) conditions.push(eq(centers.kind, query.kind));
  if (query.status) conditions.push(eq(centers.status, query.status));
  if (query.search) {
    conditions.push(
      matchesAnyColumn(query.search, [
        centers.nameEn,
        centers.nameAr,
        centers.crNumber,
        centers.licenceNumber,
        centers.contactName,
        users.email,
      ]),
    );
  }
  return and(...conditions);
}

export async function listCenters(db: Db, query: CenterListQuery) {
  return keysetPage(query, {
    rows: selectCenters(db).$dynamic(),
    where: centersMatching(query),
    sort: CENTER_SORTS[query.sort],
    idColumn: centers.id,
  });
}

export function countCenters(db: Db, query: CenterCountQuery) {
  return countMatches(
    db,
    matchingRows(db)
      .from(centers)
      .innerJoin(users, eq(users.id, centers.userId))
      .where(centersMatching(query))
      .$dynamic(),
  );
}

export async function findCenter(db: Db, id: number) {
  const [row] = await selectCenters(db).where(eq(centers.id, id));
  return row;
}

export async function findCenterOfUser(db: Db, userId: number) {
  const [row] = await selectCenters(db).where(eq(centers.userId, userId));
  return row;
}

/** Locks a centre's row for a review, so that two reviewers cannot both decide it. */
export async function lockCenterStatus(db: Db, id: number) {
  const [row] = await db
    .select({ status: centers.status, userId: centers.userId })
    .from(centers)
    .where(eq(centers.id, id))
    .for('update');
  return row;
}

/**
 * Takes the lock every centre write holds until it commits: with one such write at a time
 * (centres are few), a clash check sees what a parallel write committed just before.
 */
export async function lockCenterWrites(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('tasreeh:center-writes'))`);
}

/** The field of a centre whose value another centre or account already has. */
export type CenterClashField = 'nameEn' | 'nameAr' | 'crNumber' | 'email' | 'mobile';

/**
 * What an input would clash with: a centre of the same kind with either name, another centre
 * with the CR number, or an account with the e-mail or mobile.
 */
export async function findClash(
  db: Db,
  kind: CenterKind,
  input: CenterInput,
  except?: { centerId: number; userId: number },
): Promise<CenterClashField | undefined> {
  const otherCenter = except ? sql`${centers.id} <> ${except.centerId}` : undefined;
  const [named] = await db
    .select({ nameEn: centers.nameEn })
    .from(centers)
    .where(
      and(
        eq(centers.kind, kind),
        or(eq(sql`lower(${centers.nameEn})`, input.nameEn.toLowerCase()), eq(centers.nameAr, input.nameAr)),
        otherCenter,
      ),
    )
    .limit(1);
  if (named) return named.nameEn.toLowerCase() === input.nameEn.toLowerCase() ? 'nameEn' : 'nameAr';
  const [registered] = await db
    .select({ id: centers.id })
    .from(centers)
    .where(and(eq(centers.crNumber, input.crNumber), otherCenter))
    .limit(1);
  if (registered) return 'crNumber';
  const [account] = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        or(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(users.phone, input.mobile)),
        except ? sql`${users.id} <> ${except.userId}` : undefined,
      ),
    )
    .limit(1);
  if (!account) return undefined;
  return account.email.toLowerCase() === input.email.toLowerCase() ? 'email' : 'mobile';
}

/** The centre's login: its e-mail and mobile, the centre's names. */
function loginColumnsOf(input: CenterInput) {
  return { email: input.email, phone: input.mobile, nameEn: input.nameEn, nameAr: input.nameAr };
}

function centerColumnsOf(input: CenterInput) {
  return {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    crNumber: input.crNumber,
    crExpiry: input.crExpiry,
    licenceNumber: input.licenceNumber,
    licenceExpiry: input.licenceExpiry,
    vatNumber: input.vatNumber,
    regionCode: input.region,
    cityId: input.city,
    address: input.address,
    contactName: input.contactName,
  };
}

export async function insertCenterLogin(
  db: Db,
  values: { kind: CenterKind; input: CenterInput; passwordHash: string; approved: boolean },
) {
  const [row] = await db
    .insert(users)
    .values({
      ...loginColumnsOf(values.input),
      type: values.kind === 'training' ? 'training center' : 'medical center',
      status: values.approved ? 'active' : 'pending',
      passwordHash: values.passwordHash,
      changePassword: values.approved,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('centre login insert returned nothing');
  return row.id;
}

export async function insertCenter(
  db: Db,
  values: {
    kind: CenterKind;
    userId: number;
    input: CenterInput;
    status: CenterStatus;
    reviewedBy?: number;
    crCopyFileId?: string | null;
    licenceCopyFileId?: string | null;
  },
) {
  const [row] = await db
    .insert(centers)
    .values({
      ...centerColumnsOf(values.input),
      kind: values.kind,
      userId: values.userId,
      status: values.status,
      reviewedBy: values.reviewedBy ?? null,
      reviewedAt: values.reviewedBy ? new Date() : null,
      crCopyFileId: values.crCopyFileId ?? null,
      licenceCopyFileId: values.licenceCopyFileId ?? null,
    })
    .returning({ id: centers.id });
  if (!row) throw new Error('centre insert returned nothing');
  return row.id;
}

export async function updateCenter(db: Db, id: number, userId: number, input: CenterInput) {
  await db.update(centers).set(centerColumnsOf(input)).where(eq(centers.id, id));
  await db.update(users).set(loginColumnsOf(input)).where(eq(users.id, userId));
}

/** Records a review: the centre's status, and its login opened (approved) or kept shut (rejected). */
export async function setReview(
  db: Db,
  review: {
    id: number;
    userId: number;
    status: 'approved' | 'rejected';
    reason: string | null;
    reviewerId: number;
  },
) {
  await db
    .update(centers)
    .set({
      status: review.status,
      rejectionReason: review.reason,
      reviewedBy: review.reviewerId,
      reviewedAt: new Date(),
    })
    .where(eq(centers.id, review.id));
  await db
    .update(users)
    .set({ status: review.status === 'approved' ? 'active' : 'inactive' })
    .where(eq(users.id, review.userId));
}
