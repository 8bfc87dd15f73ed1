import { centreDay, riyadhInstant } from '@tasreeh/shared';
import { and, eq, gte, isNotNull } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { dailyClosings, payments, users } from '../db/schema/index.ts';
import { postJournal } from '../lib/journal.ts';
import { systemTotalsOf } from '../modules/daily-closings/index.ts';
import { seedDemoTakings } from './demo-takings.ts';
import { demoEmailOf } from './demo-users.ts';

const DAY = 86_400_000;
const BANKS = ['Al Rajhi Bank', 'Saudi National Bank', 'Riyad Bank'];
/** The change a till keeps overnight (100.00 SAR); the rest of the counted cash goes to the bank. */
const TILL_FLOAT = 10_000;

/**
 * Daily closing demo (issue 13, F2): a week of the counter's takings in the branches
 * (demo-takings.ts), then the past week of every branch that took money in it (and the demo
 * teller's) closed and finished as a teller leaves it — the system's totals kept, the cash
 * counted (one day a little short, to show a difference), a deposit to the bank, the journal
 * entry posted — and today left open with its takings. Finished days refuse payments: this runs
 * last in seedDemo. The deposit slips are not stored (the seed has no file store); the rows say
 * which bank.
 */
export async function seedDemoClosings(
  db: Db,
  seller: Config['seller'],
  now: Date = new Date(),
): Promise<void> {
  const [teller] = await db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  const tellerBranchId = teller?.branchId;
  if (!teller || !tellerBranchId) return;
  await seedDemoTakings(db, seller, { id: teller.id, branchId: tellerBranchId }, now);
  const weekAgo = new Date(now.getTime() - 8 * DAY);
  const paying = await db
    .selectDistinct({ branchId: payments.branchId })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), isNotNull(payments.branchId), gte(payments.paidAt, weekAgo)));
  const branchIds = [...new Set([tellerBranchId, ...paying.map((row) => row.branchId ?? tellerBranchId)])];
  // The teller closes its own branch; head office's finance (the CFO) closes the others, which
  // have no demo teller of their own.
  const [cfo] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmailOf('CFO')));
  for (const branchId of branchIds) {
    const closerId = branchId === tellerBranchId ? teller.id : (cfo?.id ?? teller.id);
    // A shortfall of 5.00 SAR on one day of the teller's branch with cash; the other days count right.
    let shortfallLeft = branchId === tellerBranchId;
    for (let back = 7; back >= 1; back--) {
      const day = centreDay(new Date(now.getTime() - back * DAY));
      const totals = await systemTotalsOf(db, branchId, day);
      const shortfall = shortfallLeft && totals.cash >= 500 ? 500 : 0;
      if (shortfall) shortfallLeft = false;
      const cashAmount = totals.cash - shortfall;
      const deposit = Math.max(0, cashAmount - TILL_FLOAT);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dailyClosings)
          .values({
            branchId,
            day,
            status: 'finished',
            systemCash: totals.cash,
            systemCard: totals.card,
            systemPos: totals.pos,
            systemWire: totals.wire,
            totalAmount: totals.total,
            cashRevenue: totals.cash,
            cardRevenue: totals.total - totals.cash,
            cashAmount,
            depositAmount: deposit,
            bankName: BANKS[back % BANKS.length] ?? null,
            note: shortfall ? 'Till short by 5.00 at the evening count' : null,
            createdByUserId: closerId,
            finishedByUserId: closerId,
            // Made and finished that evening, after the counter closed.
            createdAt: riyadhInstant(day, '20:45'),
            finishedAt: riyadhInstant(day, '21:10'),
            updatedAt: riyadhInstant(day, '21:10'),
          })
          .returning({ id: dailyClosings.id });
        if (!row) throw new Error('demo closing not inserted');
        const difference = cashAmount - totals.cash;
        await postJournal(tx, {
          day,
          source: 'closing',
          sourceId: row.id,
          branchId,
          memo: `Daily closing ${day}`,
          lines: [
            { role: 'bank', debit: deposit },
            { role: 'cash', credit: deposit },
            { role: 'cash_differences', debit: -difference },
            { role: 'cash', credit: -difference },
          ],
        });
      });
    }
  }
}
