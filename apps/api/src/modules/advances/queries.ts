import {
  type AdvancePayment,
  type AdvancePaymentListQuery,
  type BalanceListQuery,
  LIST_COUNT_CAP,
  normalizeDigits,
  type PayerBalanceDetail,
  type PayerKind,
  type PayerOption,
} from '@tasreeh/shared';
import { and, desc, eq, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { corporates, invoices, payments, students, users, walletEntries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { onCentreDays } from '../../lib/centre-days.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import {
  cappedCount,
  countMatches,
  idCursor,
  idPageOf,
  matchesAnyColumn,
  matchingRows,
} from '../../lib/keyset.ts';
import { studentScopeOf, studentsInScope } from '../../lib/scope.ts';
import { payerSearch } from '../payments/index.ts';
import { advancesPolicy } from './policy.ts';

/** Advance payments and balances (issue 13, F5): what finance (read_10) and a payer read. */

function badCursor(): never {
  throw new AppError('INVALID_VALUE', { status: 400, fields: { cursor: 'INVALID_VALUE' } });
}

function advanceFilters(actor: Actor, query: Omit<AdvancePaymentListQuery, 'cursor' | 'limit'>) {
  return and(
    eq(payments.purpose, 'advance'),
    // A finance user of one branch sees the advances taken at its branch.
    actor.branchId !== null ? eq(payments.branchId, actor.branchId) : undefined,
    query.payerKind === 'student' ? sql`${payments.payerStudentId} is not null` : undefined,
    query.payerKind === 'corporate' ? sql`${payments.payerCorporateId} is not null` : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
    onCentreDays(payments.createdAt, query.from, query.to),
    payerSearch(query.search),
  );
}

function selectAdvances(ctx: Ctx) {
  return ctx.db
    .select({
      payment: payments,
      studentName: users.nameEn,
      studentNameAr: users.nameAr,
      corporateName: corporates.nameEn,
      corporateNameAr: corporates.nameAr,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(payments)
    .leftJoin(students, eq(students.id, payments.payerStudentId))
    .leftJoin(users, eq(users.id, students.userId))
    .leftJoin(corporates, eq(corporates.id, payments.payerCorporateId))
    .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')));
}

/** `GET /api/advance-payments`: newest first, by keyset on the id. */
export async function listAdvances(ctx: Ctx, query: AdvancePaymentListQuery) {
  const actor = actorOf(ctx);
  const after = idCursor(query.cursor);
  const rows = await selectAdvances(ctx)
    .where(and(advanceFilters(actor, query), after !== undefined ? lt(payments.id, after) : undefined))
    .orderBy(desc(payments.id))
    .limit(query.limit + 1);
  const items: AdvancePayment[] = rows.map((row) => {
    const p = row.payment;
    return {
      id: p.id,
      payerKind: p.payerStudentId !== null ? 'student' : 'corporate',
      payerId: p.payerStudentId ?? p.payerCorporateId ?? 0,
      payerName: row.studentName ?? row.corporateName ?? '',
      payerNameAr: row.studentNameAr ?? row.corporateNameAr ?? '',
      method: p.method,
      status: p.status,
      amount: p.amount,
      branchId: p.branchId,
      posReference: p.posReference,
      bankName: p.bankName,
      wireCopyFileId: p.wireCopyFileId,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    };
  });
  return idPageOf(items, query.limit);
}

export async function countAdvances(ctx: Ctx, query: Omit<AdvancePaymentListQuery, 'cursor' | 'limit'>) {
  return countMatches(
    ctx.db,
    matchingRows(ctx.db)
      .from(payments)
      .leftJoin(students, eq(students.id, payments.payerStudentId))
      .leftJoin(users, eq(users.id, students.userId))
      .leftJoin(corporates, eq(corporates.id, payments.payerCorporateId))
      .where(advanceFilters(actorOf(ctx), query))
      .$dynamic(),
  );
}

/** Students before corporates, each by id: the balances list's order and keyset. */
const payerOrder = sql<number>`case when ${walletEntries.studentId} is not null then 0 else 1 end`;
const payerKey = sql<number>`coalesce(${walletEntries.studentId}, ${walletEntries.corporateId})`;

/**
 * The balances list's rows an actor sees, by the advances policy's `readBalance` rule: the students of its student
 * scope, every corporate.
 */
function balancesInScope(actor: Actor): SQL | undefined {
  const inScope = studentsInScope(studentScopeOf(actor));
  return inScope && or(isNotNull(walletEntries.corporateId), inScope);
}

function balanceFilters(actor: Actor, query: Omit<BalanceListQuery, 'cursor' | 'limit'>): SQL | undefined {
  return and(
    balancesInScope(actor),
    query.payerKind === 'student' ? sql`${walletEntries.studentId} is not null` : undefined,
    query.payerKind === 'corporate' ? sql`${walletEntries.corporateId} is not null` : undefined,
    payerSearch(query.search),
  );
}

function selectBalances(ctx: Ctx) {
  return ctx.db
    .select({
      studentId: walletEntries.studentId,
      corporateId: walletEntries.corporateId,
      studentName: users.nameEn,
      studentNameAr: users.nameAr,
      idNumber: users.idNumber,
      corporateName: corporates.nameEn,
      corporateNameAr: corporates.nameAr,
      crNumber: corporates.crNumber,
      balance: sql<string>`sum(${walletEntries.amount})`,
      lastMovementAt: sql<Date | string>`max(${walletEntries.createdAt})`,
    })
    .from(walletEntries)
    .leftJoin(students, eq(students.id, walletEntries.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .leftJoin(corporates, eq(corporates.id, walletEntries.corporateId));
}
type BalanceRow = Awaited<ReturnType<ReturnType<typeof selectBalances>['execute']>>[number];

function toBalance(row: BalanceRow) {
  const kind: PayerKind = row.studentId !== null ? 'student' : 'corporate';
  return {
    payerKind: kind,
    payerId: row.studentId ?? row.corporateId ?? 0,
    payerName: row.studentName ?? row.corporateName ?? '',
    payerNameAr: row.studentNameAr ?? row.corporateNameAr ?? '',
    payerNumber: row.idNumber ?? row.crNumber ?? null,
    balance: Number(row.balance ?? 0),
    lastMovementAt: row.lastMovementAt ? new Date(row.lastMovementAt).toISOString() : null,
  };
}

const GROUP = [
  walletEntries.studentId,
  walletEntries.corporateId,
  users.nameEn,
  users.nameAr,
  users.idNumber,
  corporates.nameEn,
  corporates.nameAr,
  corporates.crNumber,
] as const;

/** `GET /api/balances`: every payer in the actor's scope with a movement, its balance, students then corporates. */
export async function listBalances(ctx: Ctx, query: BalanceListQuery) {
  let after: SQL | undefined;
  if (query.cursor !== undefined) {
    const match = /^([01]):(\d{1,10})$/.exec(query.cursor);
    if (!match) badCursor();
    after = sql`(${payerOrder}, ${payerKey}) > (${Number(match[1])}, ${Number(match[2])})`;
  }
  const rows = await selectBalances(ctx)
    .where(and(balanceFilters(actorOf(ctx), query), after))
    .groupBy(...GROUP)
    .orderBy(payerOrder, payerKey)
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toBalance);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last ? `${last.payerKind === 'student' ? 0 : 1}:${last.payerId}` : null,
  };
}

export async function countBalances(ctx: Ctx, query: Omit<BalanceListQuery, 'cursor' | 'limit'>) {
  const grouped = ctx.db
    .select({ key: payerKey })
    .from(walletEntries)
    .leftJoin(students, eq(students.id, walletEntries.studentId))
    .leftJoin(users, eq(users.id, students.userId))
    .leftJoin(corporates, eq(corporates.id, walletEntries.corporateId))
    .where(balanceFilters(actorOf(ctx), query))
    .groupBy(walletEntries.studentId, walletEntries.corporateId)
    .limit(LIST_COUNT_CAP + 1)
    .as('grouped');
  const [row] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(grouped);
  return cappedCount(Number(row?.total ?? 0));
}

/**
 * `GET /api/balances/:kind/:id`: a payer's balance and its latest 100 movements, for whom
 * the advances policy's `readBalance` allows; anyone else is told it does not exist.
 */
export async function payerBalance(
  ctx: Ctx,
  { kind, id }: { kind: PayerKind; id: number },
): Promise<PayerBalanceDetail> {
  const payer = kind === 'student' ? await studentPayer(ctx, id) : await corporatePayer(ctx, id);
  if (!payer || !advancesPolicy.may(actorOf(ctx), 'readBalance', { kind, id, ...payer })) throw notFound();
  const owner = kind === 'student' ? eq(walletEntries.studentId, id) : eq(walletEntries.corporateId, id);
  const [sum] = await ctx.db
    .select({
      balance: sql<string>`coalesce(sum(${walletEntries.amount}), 0)`,
      last: sql<Date | string | null>`max(${walletEntries.createdAt})`,
    })
    .from(walletEntries)
    .where(owner);
  const movements = await ctx.db
    .select()
    .from(walletEntries)
    .where(owner)
    .orderBy(desc(walletEntries.id))
    .limit(100);
  return {
    payerKind: kind,
    payerId: id,
    payerName: payer.payerName,
    payerNameAr: payer.payerNameAr,
    payerNumber: payer.payerNumber,
    balance: Number(sum?.balance ?? 0),
    lastMovementAt: sum?.last ? new Date(sum.last).toISOString() : null,
    movements: movements.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      paymentId: entry.paymentId,
      bookingId: entry.bookingId,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

async function studentPayer(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({
      payerName: users.nameEn,
      payerNameAr: users.nameAr,
      payerNumber: users.idNumber,
      branchId: students.branchId,
      corporateId: students.corporateId,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, id));
  return row;
}

async function corporatePayer(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({
      payerName: corporates.nameEn,
      payerNameAr: corporates.nameAr,
      payerNumber: corporates.crNumber,
    })
    .from(corporates)
    .where(eq(corporates.id, id));
  return row && { ...row, branchId: null, corporateId: id };
}

/**
 * Students (by ID number or name) in the actor's student scope, and corporates (by name or CR),
 * matching a search, ten of each.
 */
export async function searchPayers(ctx: Ctx, search: string): Promise<PayerOption[]> {
  const term = normalizeDigits(search);
  const studentRows = await ctx.db
    .select({ id: students.id, nameEn: users.nameEn, nameAr: users.nameAr, number: users.idNumber })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        studentsInScope(studentScopeOf(actorOf(ctx))),
        matchesAnyColumn(term, [users.idNumber, users.nameEn, users.nameAr]),
      ),
    )
    .orderBy(students.id)
    .limit(10);
  const corporateRows = await ctx.db
    .select({
      id: corporates.id,
      nameEn: corporates.nameEn,
      nameAr: corporates.nameAr,
      number: corporates.crNumber,
    })
    .from(corporates)
    .where(matchesAnyColumn(term, [corporates.nameEn, corporates.nameAr, corporates.crNumber]))
    .orderBy(corporates.id)
    .limit(10);
  return [...studentRows.map(optionOf('student')), ...corporateRows.map(optionOf('corporate'))];
}

/** A found student or corporate as the lookup offers it. */
function optionOf(payerKind: PayerKind) {
  return (row: { id: number; nameEn: string; nameAr: string; number: string | null }): PayerOption => ({
    payerKind,
    payerId: row.id,
    payerNameEn: row.nameEn,
    payerNameAr: row.nameAr,
    payerNumber: row.number,
  });
}
