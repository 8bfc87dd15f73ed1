import { type ClosingCountQuery, normalizeDigits, type SystemTotals } from '@tasreeh/shared';
import { type AnyColumn, and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { branches, dailyClosings, payments, refundRequests, users } from '../../db/schema/index.ts';
import { matchesAnyColumn, type SortSpec } from '../../lib/keyset.ts';

/** The payment methods whose refunds go back out of the branch's till or POS terminal that day. */
const TILL_METHODS = ['cash', 'pos'] as const;

/** Refunds paid back by the payment's own method, cash or POS, approved on a branch's Riyadh day. */
function tillRefundsOf(branchId: AnyColumn | number, day: AnyColumn | string): SQL | undefined {
  return and(
    eq(refundRequests.status, 'approved'),
    eq(refundRequests.payout, 'original'),
    inArray(payments.method, [...TILL_METHODS]),
    sql`${payments.branchId} = ${branchId}`,
    sql`(${refundRequests.decidedAt} at time zone 'Asia/Riyadh')::date = ${day}::date`,
  );
}

/**
 * What a branch's Riyadh day took in, by method: its paid payments less the refunds paid back
 * out of the till (cash) or the terminal (POS) that day, which `refunds` also gives on its own
 * line. A payment paid from the payer's balance brings no money in: it is not takings.
 */
export async function systemTotalsOf(db: Db, branchId: number, day: string): Promise<SystemTotals> {
  const paid = await db
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
  const refunded = await db
    .select({ method: payments.method, total: sql<string>`coalesce(sum(${refundRequests.amount}), 0)` })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .where(tillRefundsOf(branchId, day))
    .groupBy(payments.method);
  const sum = (rows: { method: string; total: string }[], method: string) =>
    Number(rows.find((row) => row.method === method)?.total ?? 0);
  const of = (method: string) => sum(paid, method) - sum(refunded, method);
  const totals = { cash: of('cash'), pos: of('pos'), card: of('card'), wire: of('wire') };
  const refunds = sum(refunded, 'cash') + sum(refunded, 'pos');
  return { ...totals, total: totals.cash + totals.pos + totals.card + totals.wire, refunds };
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

/** Closings with their branch, their closer's and finisher's names, and the day's till refunds. */
export function selectClosings(db: Db) {
  return db
    .select({
      id: dailyClosings.id,
      day: dailyClosings.day,
      closing: dailyClosings,
      branchNameEn: branches.nameEn,
      branchNameAr: branches.nameAr,
      createdByName: creators.nameEn,
      createdByNameAr: creators.nameAr,
      finishedByName: finishers.nameEn,
      finishedByNameAr: finishers.nameAr,
      refunds: sql<number>`(select coalesce(sum(${refundRequests.amount}), 0) from ${refundRequests}
        inner join ${payments} on ${payments.id} = ${refundRequests.paymentId}
        where ${tillRefundsOf(dailyClosings.branchId, dailyClosings.day)})`.mapWith(Number),
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

/** Newest day first, then the newest row of the day. */
export const closingSort: SortSpec<{ day: string; id: number }> = {
  column: dailyClosings.day,
  valueOf: (row) => row.day,
  kind: 'date',
};
