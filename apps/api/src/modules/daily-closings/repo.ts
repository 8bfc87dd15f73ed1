import { type ClosingCountQuery, normalizeDigits, type SystemTotals } from '@tasreeh/shared';
import { and, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { branches, dailyClosings, payments, users } from '../../db/schema/index.ts';
import { matchesAnyColumn } from '../../lib/keyset.ts';

/**
 * What the paid payments of a branch's Riyadh day add up to, by method. A payment paid from the
 * payer's balance brings no money in: it is not takings.
 */
export async function systemTotalsOf(db: Db, branchId: number, day: string): Promise<SystemTotals> {
  const rows = await db
    .select({ method: payments.method, total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.branchId, branchId),
        eq(payments.status, 'paid'),
        sql`(${payments.paidAt} at time zone 'Asia/Riyadh')::date = ${day}::date`,
      ),
    )
    .groupBy(payments.method);
  const of = (method: string) => Number(rows.find((row) => row.method === method)?.total ?? 0);
  const totals = { cash: of('cash'), pos: of('pos'), card: of('card'), wire: of('wire') };
  return { ...totals, total: totals.cash + totals.pos + totals.card + totals.wire };
}

export async function findClosingOf(db: Db, branchId: number, day: string) {
  const [row] = await db
    .select({ id: dailyClosings.id })
    .from(dailyClosings)
    .where(and(eq(dailyClosings.branchId, branchId), eq(dailyClosings.day, day)));
  return row;
}

/** The closing row, locked for the change that reads it (two finishes at once: one waits). */
export async function lockClosing(db: Db, id: number) {
  const [row] = await db.select().from(dailyClosings).where(eq(dailyClosings.id, id)).for('update');
  return row;
}

export async function findClosingRow(db: Db, id: number) {
  const [row] = await db.select().from(dailyClosings).where(eq(dailyClosings.id, id));
  return row;
}

const creators = alias(users, 'closing_creators');
const finishers = alias(users, 'closing_finishers');

export function selectClosings(db: Db) {
  return db
    .select({
      closing: dailyClosings,
      branchNameEn: branches.nameEn,
      branchNameAr: branches.nameAr,
      createdByName: creators.nameEn,
      finishedByName: finishers.nameEn,
    })
    .from(dailyClosings)
    .innerJoin(branches, eq(branches.id, dailyClosings.branchId))
    .innerJoin(creators, eq(creators.id, dailyClosings.createdByUserId))
    .leftJoin(finishers, eq(finishers.id, dailyClosings.finishedByUserId));
}
export type ClosingJoined = Awaited<ReturnType<ReturnType<typeof selectClosings>['execute']>>[number];

/** The list's filters, within the branch the caller sees (undefined: every branch). */
export function closingFilters(query: ClosingCountQuery, branchScope: number | undefined): SQL | undefined {
  return and(
    query.search
      ? matchesAnyColumn(normalizeDigits(query.search), [branches.nameEn, branches.nameAr, branches.code])
      : undefined,
    branchScope !== undefined ? eq(dailyClosings.branchId, branchScope) : undefined,
    query.branchId ? eq(dailyClosings.branchId, query.branchId) : undefined,
    query.from ? gte(dailyClosings.day, query.from) : undefined,
    query.to ? lte(dailyClosings.day, query.to) : undefined,
    query.status ? eq(dailyClosings.status, query.status) : undefined,
  );
}

/** Newest day first, then the newest row: the keyset `day_id` of the last row seen. */
export function afterCursor(cursor: { day: string; id: number } | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    sql`${dailyClosings.day} < ${cursor.day}::date`,
    and(eq(dailyClosings.day, cursor.day), sql`${dailyClosings.id} < ${cursor.id}`),
  );
}

export const closingOrder = [desc(dailyClosings.day), desc(dailyClosings.id)];
