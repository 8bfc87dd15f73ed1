import { HOLD_MINUTES } from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import type { CommandCtx } from '../../lib/command.ts';
import { type JobDefinition, jobName } from '../../lib/jobs/queue.ts';
import { cancelPendingCards } from '../money/index.ts';
import * as repo from './repo.ts';

/** Due when a hold runs out: frees every seat whose hold has run out by then. */
export const HOLD_EXPIRY = jobName<{ bookingIds: number[] }>('booking-hold-expiry');

/**
 * Queues the expiry of holds taken now (in `ctx`'s transaction), due a second after they run out
 * (the hold's end is the database's `now()`, never later than this process's clock).
 */
export async function expireHoldsLater(ctx: CommandCtx, bookingIds: number[]): Promise<void> {
  const startAfter = new Date(Date.now() + HOLD_MINUTES * 60_000 + 1000);
  await ctx.enqueue(HOLD_EXPIRY, { bookingIds }, { startAfter });
}

/** How many expired holds one transaction of the sweep releases at most. */
const SWEEP_BATCH = 500;

/**
 * The hold sweep: turns unpaid holds past their time into Expired, gives their seats back and
 * cancels their card payments left pending (abandoned), one transaction per batch, skipping
 * rows another process holds. Returns how many expired.
 */
export async function sweepExpiredHolds(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const rows = await repo.expireHolds(tx, SWEEP_BATCH);
      const ids = rows.map((row) => row.id);
      await repo.auditExpiries(tx, ids);
      await cancelPendingCards(tx, ids, 'abandoned');
      return rows.length;
    });
    total += expired;
    if (expired < SWEEP_BATCH) return total;
  }
}

/**
 * Expires the holds due by now, set-based: the jobs of holds that ran out in the same minute are
 * taken together, and a hold paid or extended meanwhile is simply not due any more.
 */
export const holdExpiryJob = (db: Db): JobDefinition<{ bookingIds: number[] }> => ({
  name: HOLD_EXPIRY.name,
  batchSize: 100,
  async run() {
    await sweepExpiredHolds(db);
  },
});
