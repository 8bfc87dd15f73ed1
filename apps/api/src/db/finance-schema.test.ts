import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintBroken } from '../test/constraint-broken.ts';
import { demoStudentId } from '../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import {
  branches,
  dailyClosings,
  journalEntries,
  journalLines,
  ledgerAccounts,
  payments,
  refundRequests,
  users,
} from './schema/index.ts';

/**
 * What the database itself refuses for finance (migration 0024), whatever the code above it does:
 * a journal entry that does not balance, a payment on a day its branch has closed, a change to a
 * finished closing, a refund decided by its own requester.
 */
let t: TestApp;
let branchId: number;
let userIds: number[];
let studentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [branch] = await t.db.select({ id: branches.id }).from(branches).limit(1);
  if (!branch) throw new Error('the demo data has no branch');
  branchId = branch.id;
  userIds = (await t.db.select({ id: users.id }).from(users).limit(2)).map((row) => row.id);
  studentId = await demoStudentId(t);
});
afterAll(() => t.close());

async function account(mainAccount: string) {
  const [row] = await t.db
    .insert(ledgerAccounts)
    .values({ department: 'FIN', businessUnit: 'BU', organization: 'ORG', naturalAccount: 'NA', mainAccount })
    .returning({ id: ledgerAccounts.id });
  if (!row) throw new Error('no account');
  return row.id;
}

const payment = (paidAt: Date) =>
  t.db
    .insert(payments)
    .values({
      purpose: 'advance',
      payerStudentId: studentId,
      method: 'cash',
      status: 'paid',
      amount: 10_000,
      subtotal: 10_000,
      vat: 0,
      branchId,
      paidAt,
    })
    .returning({ id: payments.id });

describe('the finance schema', () => {
  it('commits a balanced journal entry and refuses one whose debits and credits differ', async () => {
    const [cash, revenue] = [await account('1000'), await account('4000')];
    const entry = async (sourceId: number, credit: number) =>
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(journalEntries)
          .values({ day: '2026-11-20', source: 'payment', sourceId, memo: 'test' })
          .returning({ id: journalEntries.id });
        if (!row) throw new Error('no entry');
        await tx.insert(journalLines).values([
          { entryId: row.id, ledgerAccountId: cash, debit: 11_500 },
          { entryId: row.id, ledgerAccountId: revenue, credit },
        ]);
      });
    await entry(900_001, 11_500);
    expect(await constraintBroken(entry(900_002, 11_000))).toBe('journal_entry_balanced');
    const kept = await t.db.select().from(journalEntries).where(eq(journalEntries.sourceId, 900_002));
    expect(kept).toEqual([]);
    // a line on both sides, or on neither, is refused
    const [first] = await t.db.select().from(journalEntries).where(eq(journalEntries.sourceId, 900_001));
    expect(
      await constraintBroken(
        t.db
          .insert(journalLines)
          .values({ entryId: first?.id ?? 0, ledgerAccountId: cash, debit: 5, credit: 5 }),
      ),
    ).toBe('journal_lines_side_check');
  });

  it('refuses a payment paid on a day its branch has finished, and any change to that closing', async () => {
    const day = '2026-10-01';
    const [closing] = await t.db
      .insert(dailyClosings)
      .values({ branchId, day, createdByUserId: userIds[0] ?? 0 })
      .returning({ id: dailyClosings.id });
    // open: payments of the day still come in (08:00 Riyadh)
    expect(await payment(new Date('2026-10-01T05:00:00Z'))).toHaveLength(1);
    await t.db
      .update(dailyClosings)
      .set({ status: 'finished', finishedAt: new Date(), finishedByUserId: userIds[0] })
      .where(eq(dailyClosings.id, closing?.id ?? 0));
    // 23:30 Riyadh on the closed day is refused; 00:30 Riyadh the next day is not
    expect(await constraintBroken(payment(new Date('2026-10-01T20:30:00Z')))).toBe('payments_day_closed');
    expect(await payment(new Date('2026-10-01T21:30:00Z'))).toHaveLength(1);
    expect(
      await constraintBroken(
        t.db
          .update(dailyClosings)
          .set({ note: 'changed' })
          .where(eq(dailyClosings.id, closing?.id ?? 0)),
      ),
    ).toBe('daily_closings_finished_locked');
  });

  it('refuses a refund decided by the person who requested it', async () => {
    const [paid] = await payment(new Date('2026-11-02T08:00:00Z'));
    const requester = userIds[0] ?? 0;
    const request = {
      paymentId: paid?.id ?? 0,
      amount: 5_000,
      reason: 'Course cancelled',
      payout: 'balance' as const,
      requestedByUserId: requester,
    };
    expect(
      await constraintBroken(
        t.db
          .insert(refundRequests)
          .values({ ...request, status: 'approved', decidedByUserId: requester, decidedAt: new Date() }),
      ),
    ).toBe('refund_requests_four_eyes_check');
    const [other] = await t.db
      .insert(refundRequests)
      .values({ ...request, status: 'approved', decidedByUserId: userIds[1], decidedAt: new Date() })
      .returning({ id: refundRequests.id });
    expect(other?.id).toEqual(expect.any(Number));
  });
});
