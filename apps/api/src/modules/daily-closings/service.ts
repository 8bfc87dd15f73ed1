import {
  type ClosingCountQuery,
  type ClosingListQuery,
  type ClosingSummary,
  type ClosingSummaryQuery,
  type ClosingValues,
  centreDay,
  type DailyClosing,
} from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { branches, dailyClosings } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { postJournal } from '../../lib/journal.ts';
import { countMatches, keysetPage, matchingRows } from '../../lib/keyset.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { requireFile } from '../../lib/multipart.ts';
import { changeStoredFile, findFileOfKind } from '../files/index.ts';
import { lockClosingDay } from './open-day.ts';
import { assertMayChange, dailyClosingsPolicy, readScopeOf } from './policy.ts';
import * as repo from './repo.ts';

/** The kind of a stored deposit slip: nobody's personal data; the closing's own route serves it. */
export const DEPOSIT_SLIP_KIND = 'closing-deposit-slip';

function toClosing(ctx: Ctx, row: repo.ClosingJoined): DailyClosing {
  const c = row.closing;
  return {
    id: c.id,
    branchId: c.branchId,
    branchNameEn: row.branchNameEn,
    branchNameAr: row.branchNameAr,
    day: c.day,
    status: c.status,
    system: {
      cash: c.systemCash,
      pos: c.systemPos,
      card: c.systemCard,
      wire: c.systemWire,
      total: c.systemCash + c.systemPos + c.systemCard + c.systemWire,
      refunds: row.refunds,
    },
    totalAmount: c.totalAmount,
    cashRevenue: c.cashRevenue,
    cardRevenue: c.cardRevenue,
    cashAmount: c.cashAmount,
    depositAmount: c.depositAmount,
    difference: c.cashAmount - c.systemCash,
    bankName: c.bankName,
    note: c.note,
    hasDepositSlip: c.depositSlipFileId !== null,
    createdByName: row.createdByName,
    createdByNameAr: row.createdByNameAr,
    finishedByName: row.finishedByName,
    finishedByNameAr: row.finishedByNameAr,
    finishedAt: c.finishedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    abilities: dailyClosingsPolicy.abilities(ctx.actor, c, ['uploadSlip', 'finish']),
  };
}

/** `GET /api/daily-closings/summary`: the system's totals of a branch's day, and its closing if made. */
export async function closingSummary(ctx: Ctx, query: ClosingSummaryQuery): Promise<ClosingSummary> {
  const actor = actorOf(ctx);
  dailyClosingsPolicy.assert(actor, 'read', undefined);
  const scope = readScopeOf(actor);
  if (scope !== undefined && scope !== query.branchId) throw forbidden();
  const [branch] = await ctx.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, query.branchId));
  if (!branch) throw notFound();
  const totals = await repo.systemTotalsOf(ctx.db, query.branchId, query.day);
  const closing = await repo.findClosingOf(ctx.db, query.branchId, query.day);
  return { branchId: query.branchId, day: query.day, totals, closingId: closing?.id ?? null };
}

/** The daily-closing list: newest day first, with the system's totals, the counted cash and the difference. */
export async function listClosings(ctx: Ctx, query: ClosingListQuery) {
  const actor = actorOf(ctx);
  dailyClosingsPolicy.assert(actor, 'read', undefined);
  const page = await keysetPage(
    { order: 'desc', cursor: query.cursor, limit: query.limit },
    {
      rows: repo.selectClosings(ctx.db).$dynamic(),
      where: repo.closingFilters(query, readScopeOf(actor)),
      sort: repo.closingSort,
      idColumn: dailyClosings.id,
    },
  );
  return { items: page.items.map((row) => toClosing(ctx, row)), nextCursor: page.nextCursor };
}

/** How many closings the list with the same filters holds (capped). */
export async function countClosings(ctx: Ctx, query: ClosingCountQuery) {
  const actor = actorOf(ctx);
  dailyClosingsPolicy.assert(actor, 'read', undefined);
  return countMatches(
    ctx.db,
    matchingRows(ctx.db)
      .from(dailyClosings)
      .innerJoin(branches, eq(branches.id, dailyClosings.branchId))
      .where(repo.closingFilters(query, readScopeOf(actor)))
      .$dynamic(),
  );
}

async function readableClosing(ctx: Ctx, id: number) {
  const actor = actorOf(ctx);
  dailyClosingsPolicy.assert(actor, 'read', undefined);
  const [row] = await repo.selectClosings(ctx.db).where(eq(dailyClosings.id, id));
  const scope = readScopeOf(actor);
  if (!row || (scope !== undefined && row.closing.branchId !== scope)) throw notFound();
  return row;
}

export async function getClosing(ctx: Ctx, id: number): Promise<DailyClosing> {
  return toClosing(ctx, await readableClosing(ctx, id));
}

/** The deposit slip's bytes, for whoever may read the closing. */
export async function depositSlipOf(ctx: Ctx, id: number) {
  const row = await readableClosing(ctx, id);
  const fileId = row.closing.depositSlipFileId;
  const file = fileId ? await findFileOfKind(ctx.db, fileId, DEPOSIT_SLIP_KIND) : undefined;
  if (!file) throw notFound();
  return { bytes: await ctx.files.read(file.storageKey), mimeType: file.mimeType };
}

/** A closing in the caller's scope (else 404): the policy then says whether they may change it. */
function inScope<Row extends { branchId: number }>(ctx: Ctx, row: Row | undefined): Row {
  const scope = readScopeOf(actorOf(ctx));
  if (!row || (scope !== undefined && row.branchId !== scope)) throw notFound();
  return row;
}

type LockedClosing = NonNullable<Awaited<ReturnType<typeof repo.lockClosing>>>;

/** A closing in the caller's scope, locked for the change. */
async function lockInScope(ctx: Ctx, id: number) {
  return inScope(ctx, await repo.lockClosing(ctx.db, id));
}

/** The route guard of a closing's writes: refused (403, 404, 403 of another branch) before the deposit slip is read. */
export async function assertMayChangeClosing(ctx: Ctx, { id }: { id: number }): Promise<void> {
  dailyClosingsPolicy.assert(ctx.actor, 'create', undefined);
  const [row] = await ctx.db
    .select({ branchId: dailyClosings.branchId })
    .from(dailyClosings)
    .where(eq(dailyClosings.id, id));
  dailyClosingsPolicy.assert(ctx.actor, 'closeBranch', inScope(ctx, row));
}

/**
 * add-closing: one per branch and day, a day that has come; the system's totals of the day are
 * kept on the row as they are now. The §5 rules are the input's (ClosingInput).
 */
export const createClosing = command({
  name: 'daily-closing.create',
  entity: 'daily_closings',
  idempotency: 'required',
  authorize: dailyClosingsPolicy.authorizeBy('create', (ctx, input: ClosingValues) => {
    dailyClosingsPolicy.assert(ctx.actor, 'create', undefined);
    dailyClosingsPolicy.assert(ctx.actor, 'closeBranch', input);
  }),
  run: async (ctx, input: ClosingValues) => {
    const actor = actorOf(ctx);
    if (input.day > centreDay(new Date())) {
      throw new AppError('CLOSING_DAY_IN_FUTURE', { status: 400, fields: { day: 'CLOSING_DAY_IN_FUTURE' } });
    }
    const [branch] = await ctx.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.id, input.branchId));
    if (!branch) throw new AppError('INVALID_VALUE', { status: 400, fields: { branchId: 'INVALID_VALUE' } });
    if (await repo.findClosingOf(ctx.db, input.branchId, input.day)) {
      throw new AppError('CLOSING_EXISTS', { status: 409 });
    }
    const totals = await repo.systemTotalsOf(ctx.db, input.branchId, input.day);
    const [row] = await ctx.db
      .insert(dailyClosings)
      .values({
        branchId: input.branchId,
        day: input.day,
        status: 'open',
        systemCash: totals.cash,
        systemCard: totals.card,
        systemPos: totals.pos,
        systemWire: totals.wire,
        totalAmount: input.totalAmount,
        cashRevenue: input.cashRevenue,
        cardRevenue: input.cardRevenue,
        cashAmount: input.cashAmount,
        depositAmount: input.depositAmount,
        bankName: input.bankName,
        note: input.note || null,
        createdByUserId: actor.userId,
      })
      .returning({ id: dailyClosings.id, status: dailyClosings.status });
    if (!row) throw new Error('daily closing not inserted');
    return row;
  },
  duplicate: () => new AppError('CLOSING_EXISTS', { status: 409 }),
  message: 'RECORDS_SAVED',
});

/** /upload: the bank's deposit slip (a new one replaces the previous); the closing is then `uploaded`. */
export const uploadDepositSlip = command({
  name: 'daily-closing.deposit-slip',
  entity: 'daily_closings',
  idempotency: 'required',
  load: (ctx, { id }: { id: number; file: ReceivedFile | undefined }) => lockInScope(ctx, id),
  authorize: dailyClosingsPolicy.authorizeBy('uploadSlip', (ctx, _input, closing: LockedClosing) =>
    assertMayChange(ctx.actor, closing, ['closeBranch', 'uploadSlip']),
  ),
  run: async (ctx, { id, file }, closing) => {
    const change = await changeStoredFile(ctx, {
      file: requireFile(file, 'file'),
      kind: DEPOSIT_SLIP_KIND,
      ownerUserId: null,
      previousId: closing.depositSlipFileId,
      link: async (tx, fileId) => {
        await tx
          .update(dailyClosings)
          .set({ depositSlipFileId: fileId, status: 'uploaded', updatedAt: new Date() })
          .where(eq(dailyClosings.id, id));
      },
    });
    return { id, status: 'uploaded' as const, change };
  },
  audit: ({ result }) => result.change,
  message: 'RECORDS_UPDATED',
});

/**
 * /finish: an uploaded closing is finished and its day locked (the payments trigger refuses a
 * payment becoming paid in it), its system totals taken again at that moment. Posts the
 * closing's journal entry: the deposit from the till to the bank; the counted cash's shortfall
 * or excess against the system's cash to cash differences.
 * Two finishes at once: the row lock makes the second see the first's finish (409).
 */
export const finishClosing = command({
  name: 'daily-closing.finish',
  entity: 'daily_closings',
  idempotency: 'required',
  load: (ctx, { id }: { id: number }) => lockInScope(ctx, id),
  authorize: dailyClosingsPolicy.authorizeBy('finish', (ctx, _input, closing: LockedClosing) =>
    assertMayChange(ctx.actor, closing, ['closeBranch', 'uploadSlip', 'finish']),
  ),
  run: async (ctx, { id }, closing) => {
    const actor = actorOf(ctx);
    // The day's takings as they are when it locks: a payment taken after the closing was made
    // counts, so that the day's cash is the closing's system cash. The day's exclusive lock waits
    // for the till movements under way and holds off the next (migration 0026).
    await lockClosingDay(ctx.db, closing.branchId, closing.day, 'exclusive');
    const totals = await repo.systemTotalsOf(ctx.db, closing.branchId, closing.day);
    await ctx.db
      .update(dailyClosings)
      .set({
        status: 'finished',
        systemCash: totals.cash,
        systemCard: totals.card,
        systemPos: totals.pos,
        systemWire: totals.wire,
        finishedAt: new Date(),
        finishedByUserId: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(dailyClosings.id, id));
    const difference = closing.cashAmount - totals.cash;
    await postJournal(ctx.db, {
      day: closing.day,
      source: 'closing',
      sourceId: id,
      branchId: closing.branchId,
      memo: `Daily closing ${closing.day}`,
      lines: [
        { role: 'bank', debit: closing.depositAmount },
        { role: 'cash', credit: closing.depositAmount },
        ...(difference < 0
          ? [
              { role: 'cash_differences' as const, debit: -difference },
              { role: 'cash' as const, credit: -difference },
            ]
          : [
              { role: 'cash' as const, debit: difference },
              { role: 'cash_differences' as const, credit: difference },
            ]),
      ],
    });
    return { id, status: 'finished' as const };
  },
  message: 'CLOSING_FINISHED_OK',
});
