import {
  type CorporateAttachment,
  type CorporateCountQuery,
  type CorporateInput,
  type CorporateListQuery,
  normalizeDigits,
} from '@tasreeh/shared';
import { and, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { corporateAttachments, corporates, students, users } from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesAnyColumn, matchingRows, type SortSpec } from '../../lib/keyset.ts';
import { findRegisteredKey } from '../students/index.ts';

const { createdAt: _created, updatedAt: _updated, ...corporateColumns } = getTableColumns(corporates);

/** Students booked through each corporate, joined to the corporate rows in the same query. */
function studentCountsOf(db: Db) {
  return db
    .select({ corporateId: students.corporateId, total: sql<number>`count(*)::int`.as('total') })
    .from(students)
    .groupBy(students.corporateId)
    .as('student_counts');
}

const crCopies = alias(corporateAttachments, 'cr_copies');
const licenceCopies = alias(corporateAttachments, 'licence_copies');

function selectCorporates(db: Db) {
  const counts = studentCountsOf(db);
  return db
    .select({
      ...corporateColumns,
      crCopyFileId: crCopies.fileId,
      licenceCopyFileId: licenceCopies.fileId,
      createdAt: corporates.createdAt,
      studentCount: sql<number>`coalesce(${counts.total}, 0)`,
    })
    .from(corporates)
    .leftJoin(counts, eq(counts.corporateId, corporates.id))
    .leftJoin(crCopies, and(eq(crCopies.corporateId, corporates.id), eq(crCopies.kind, 'crCopy')))
    .leftJoin(
      licenceCopies,
      and(eq(licenceCopies.corporateId, corporates.id), eq(licenceCopies.kind, 'licenceCopy')),
    );
}

type Sortable = { id: number; nameEn: string; nameAr: string; crNumber: string; createdAt: Date };
export const CORPORATE_SORTS: Record<'nameEn' | 'nameAr' | 'crNumber' | 'createdAt', SortSpec<Sortable>> = {
  nameEn: { column: corporates.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: corporates.nameAr, valueOf: (row) => row.nameAr },
  crNumber: { column: corporates.crNumber, valueOf: (row) => row.crNumber },
  createdAt: {
    column: corporates.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
};

function corporatesMatching(query: z.infer<typeof CorporateCountQuery>) {
  const conditions: (SQL | undefined)[] = [];
  if (query.type) conditions.push(eq(corporates.type, query.type));
  if (query.region) conditions.push(eq(corporates.headOfficeRegion, query.region));
  if (query.search) {
    conditions.push(
      or(
        matchesAnyColumn(query.search, [corporates.nameEn, corporates.nameAr, corporates.representativeName]),
        matchesAnyColumn(normalizeDigits(query.search), [corporates.crNumber, corporates.vatNumber]),
      ),
    );
  }
  return and(...conditions);
}

export async function listCorporates(db: Db, query: z.infer<typeof CorporateListQuery>) {
  return keysetPage(query, {
    rows: selectCorporates(db).$dynamic(),
    where: corporatesMatching(query),
    sort: CORPORATE_SORTS[query.sort],
    idColumn: corporates.id,
  });
}

export function countCorporates(db: Db, query: z.infer<typeof CorporateCountQuery>) {
  return countMatches(db, matchingRows(db).from(corporates).where(corporatesMatching(query)).$dynamic());
}

export async function findCorporate(db: Db, id: number) {
  const [row] = await selectCorporates(db).where(eq(corporates.id, id));
  return row;
}

/**
 * Which login key of a corporate is taken: another corporate's CR number, or another account's
 * e-mail or phone (the representative's, when given).
 */
export async function findClash(
  db: Db,
  input: { crNumber: string; representativeEmail?: string; representativePhone?: string },
  except?: { corporateId: number; userId: number },
): Promise<'crNumber' | 'email' | 'phone' | undefined> {
  const [corporate] = await db
    .select({ id: corporates.id })
    .from(corporates)
    .where(
      and(
        eq(corporates.crNumber, input.crNumber),
        except ? sql`${corporates.id} <> ${except.corporateId}` : undefined,
      ),
    )
    .limit(1);
  if (corporate) return 'crNumber';
  const key = await findRegisteredKey(
    db,
    { email: input.representativeEmail, phone: input.representativePhone },
    except?.userId,
  );
  return key === 'idNumber' ? undefined : key;
}

/** The corporate's login: its representative's e-mail and phone, the corporate's names. */
export function loginColumnsOf(input: CorporateInput) {
  return {
    email: input.representativeEmail,
    phone: input.representativePhone,
    nameEn: input.nameEn,
    nameAr: input.nameAr,
  };
}

export async function insertCorporateLogin(db: Db, input: CorporateInput, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ ...loginColumnsOf(input), type: 'corporate', passwordHash, changePassword: true })
    .returning({ id: users.id });
  if (!row) throw new Error('corporate login insert returned nothing');
  return row.id;
}

export async function insertCorporate(db: Db, userId: number, input: CorporateInput) {
  const [row] = await db
    .insert(corporates)
    .values({ ...input, userId })
    .returning({ id: corporates.id });
  if (!row) throw new Error('corporate insert returned nothing');
  return row.id;
}

/**
 * Writes an edit of a corporate and its login's names. The representative's e-mail and phone are
 * the login's: they change only through a verified contact change, so they are not written here.
 */
export async function updateCorporate(db: Db, id: number, userId: number, input: CorporateInput) {
  const { representativeEmail: _email, representativePhone: _phone, ...rest } = input;
  await db.update(corporates).set(rest).where(eq(corporates.id, id));
  await db.update(users).set({ nameEn: input.nameEn, nameAr: input.nameAr }).where(eq(users.id, userId));
}

export async function setAttachment(db: Db, corporateId: number, kind: CorporateAttachment, fileId: string) {
  await db
    .insert(corporateAttachments)
    .values({ corporateId, kind, fileId })
    .onConflictDoUpdate({
      target: [corporateAttachments.corporateId, corporateAttachments.kind],
      set: { fileId, updatedAt: new Date() },
    });
}

/** Takes the corporate's row `FOR UPDATE`: changes that start from what it holds wait for each other. */
export async function lockCorporate(db: Db, id: number) {
  await db.select({ id: corporates.id }).from(corporates).where(eq(corporates.id, id)).for('update');
}

/** The representative's e-mail or phone, as the corporate's login now has it. */
export async function setRepresentativeContact(db: Db, id: number, field: 'email' | 'phone', value: string) {
  await db
    .update(corporates)
    .set(field === 'email' ? { representativeEmail: value } : { representativePhone: value })
    .where(eq(corporates.id, id));
}
