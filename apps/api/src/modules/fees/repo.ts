import {
  type FeeSetupCountQuery,
  type FeeSetupInput,
  type FeeSetupListQuery,
  type LedgerAccountCountQuery,
  type LedgerAccountListQuery,
  normalizeDigits,
} from '@tasreeh/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { feeSetups, ledgerAccounts } from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesAnyColumn, matchingRows, type SortSpec } from '../../lib/keyset.ts';

/** A fee setup as every module reads it (courses show theirs). */
export const feeSetupColumns = {
  id: feeSetups.id,
  nameEn: feeSetups.nameEn,
  nameAr: feeSetups.nameAr,
  service: feeSetups.service,
  originalFee: feeSetups.originalFee,
  amanaFeeKind: feeSetups.amanaFeeKind,
  amanaFee: feeSetups.amanaFee,
  vatRate: feeSetups.vatRate,
  vatOnOriginal: feeSetups.vatOnOriginal,
  vatOnAmana: feeSetups.vatOnAmana,
  active: feeSetups.active,
};

type Sortable = { id: number; nameEn: string; nameAr: string };
export const FEE_SORTS: Record<'nameEn' | 'nameAr', SortSpec<Sortable>> = {
  nameEn: { column: feeSetups.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: feeSetups.nameAr, valueOf: (row) => row.nameAr },
};

function feeSetupsMatching(query: z.infer<typeof FeeSetupCountQuery>) {
  return and(
    query.service ? eq(feeSetups.service, query.service) : undefined,
    query.search ? matchesAnyColumn(query.search, [feeSetups.nameEn, feeSetups.nameAr]) : undefined,
  );
}

export async function listFeeSetups(db: Db, query: z.infer<typeof FeeSetupListQuery>) {
  return keysetPage(query, {
    rows: db.select(feeSetupColumns).from(feeSetups).$dynamic(),
    where: feeSetupsMatching(query),
    sort: FEE_SORTS[query.sort],
    idColumn: feeSetups.id,
  });
}

export function countFeeSetups(db: Db, query: z.infer<typeof FeeSetupCountQuery>) {
  return countMatches(db, matchingRows(db).from(feeSetups).where(feeSetupsMatching(query)).$dynamic());
}

export async function findFeeSetup(db: Db, id: number) {
  const [row] = await db.select(feeSetupColumns).from(feeSetups).where(eq(feeSetups.id, id));
  return row;
}

export type FeeSetupRow = NonNullable<Awaited<ReturnType<typeof findFeeSetup>>>;

/** Which of the two names another fee setup already uses, if any. */
export async function findFeeNameClash(db: Db, input: FeeSetupInput, exceptId?: number) {
  const [row] = await db
    .select({ nameEn: feeSetups.nameEn })
    .from(feeSetups)
    .where(
      and(
        or(
          eq(sql`lower(${feeSetups.nameEn})`, input.nameEn.toLowerCase()),
          eq(feeSetups.nameAr, input.nameAr),
        ),
        exceptId === undefined ? undefined : sql`${feeSetups.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return row.nameEn.toLowerCase() === input.nameEn.toLowerCase() ? 'nameEn' : 'nameAr';
}

export async function insertFeeSetup(db: Db, input: FeeSetupInput) {
  const [row] = await db.insert(feeSetups).values(input).returning({ id: feeSetups.id });
  if (!row) throw new Error('fee setup insert returned nothing');
  return row.id;
}

export async function updateFeeSetup(db: Db, id: number, input: FeeSetupInput) {
  await db.update(feeSetups).set(input).where(eq(feeSetups.id, id));
}

const ledgerColumns = {
  id: ledgerAccounts.id,
  department: ledgerAccounts.department,
  businessUnit: ledgerAccounts.businessUnit,
  organization: ledgerAccounts.organization,
  naturalAccount: ledgerAccounts.naturalAccount,
  mainAccount: ledgerAccounts.mainAccount,
  role: ledgerAccounts.role,
};

type LedgerSortable = { id: number; mainAccount: string; naturalAccount: string; department: string };
export const LEDGER_SORTS: Record<
  'mainAccount' | 'naturalAccount' | 'department',
  SortSpec<LedgerSortable>
> = {
  mainAccount: { column: ledgerAccounts.mainAccount, valueOf: (row) => row.mainAccount },
  naturalAccount: { column: ledgerAccounts.naturalAccount, valueOf: (row) => row.naturalAccount },
  department: { column: ledgerAccounts.department, valueOf: (row) => row.department },
};

function ledgerAccountsMatching(query: z.infer<typeof LedgerAccountCountQuery>) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    conditions.push(
      matchesAnyColumn(normalizeDigits(query.search), [
        ledgerAccounts.department,
        ledgerAccounts.businessUnit,
        ledgerAccounts.organization,
        ledgerAccounts.naturalAccount,
        ledgerAccounts.mainAccount,
      ]),
    );
  }
  return and(...conditions);
}

export async function listLedgerAccounts(db: Db, query: z.infer<typeof LedgerAccountListQuery>) {
  return keysetPage(query, {
    rows: db.select(ledgerColumns).from(ledgerAccounts).$dynamic(),
    where: ledgerAccountsMatching(query),
    sort: LEDGER_SORTS[query.sort],
    idColumn: ledgerAccounts.id,
  });
}

export function countLedgerAccounts(db: Db, query: z.infer<typeof LedgerAccountCountQuery>) {
  return countMatches(
    db,
    matchingRows(db).from(ledgerAccounts).where(ledgerAccountsMatching(query)).$dynamic(),
  );
}

export async function findLedgerAccount(db: Db, id: number) {
  const [row] = await db.select(ledgerColumns).from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row;
}

type LedgerValues = Omit<typeof ledgerAccounts.$inferInsert, 'id'>;

/** Another ledger account with the same five segments. */
export async function isLedgerAccountTaken(db: Db, values: LedgerValues, exceptId?: number) {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.organization, values.organization),
        eq(ledgerAccounts.businessUnit, values.businessUnit),
        eq(ledgerAccounts.department, values.department),
        eq(ledgerAccounts.naturalAccount, values.naturalAccount),
        eq(ledgerAccounts.mainAccount, values.mainAccount),
        exceptId === undefined ? undefined : sql`${ledgerAccounts.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertLedgerAccount(db: Db, values: LedgerValues) {
  const [row] = await db.insert(ledgerAccounts).values(values).returning({ id: ledgerAccounts.id });
  if (!row) throw new Error('ledger insert returned nothing');
  return row.id;
}

/** Another ledger account that has this role. */
export async function findRoleHolder(db: Db, role: NonNullable<LedgerValues['role']>, exceptId?: number) {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.role, role),
        exceptId === undefined ? undefined : sql`${ledgerAccounts.id} <> ${exceptId}`,
      ),
    );
  return row;
}

export async function deleteLedgerAccount(db: Db, id: number) {
  await db.delete(ledgerAccounts).where(eq(ledgerAccounts.id, id));
}

export async function updateLedgerAccount(db: Db, id: number, values: LedgerValues) {
  await db.update(ledgerAccounts).set(values).where(eq(ledgerAccounts.id, id));
}
