import type { MessageCode } from '@tasreeh/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyClosings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The transaction-level advisory lock that orders a branch's day's till movements against its
 * finish (migration 0026): `shared` for a movement (a cash payment, a cash or POS refund), many at
 * once; exclusive for the finish, which then counts every movement that got in before it.
 */
export async function lockClosingDay(db: Db, branchId: number, day: string, mode: 'shared' | 'exclusive') {
  const dayNumber = sql`(${day}::date - date '2000-01-01')`;
  await db.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${branchId}::int, ${dayNumber})`
      : sql`select pg_advisory_xact_lock(${branchId}::int, ${dayNumber})`,
  );
}

/**
 * Refuses money in or out of a branch's till on a day its closing has finished (409 `code`, the
 * movement's own words), as the trigger on payments does: the day's lock is taken shared first, so
 * a finish under way is waited for and then seen, and a finish that starts later waits for this
 * transaction, whose till movement it then counts. Call it in the transaction of the movement.
 */
export async function requireOpenDay(
  db: Db,
  branchId: number,
  day: string,
  code: MessageCode,
): Promise<void> {
  await lockClosingDay(db, branchId, day, 'shared');
  const [closing] = await db
    .select({ status: dailyClosings.status })
    .from(dailyClosings)
    .where(and(eq(dailyClosings.branchId, branchId), eq(dailyClosings.day, day)));
  if (closing?.status === 'finished') throw new AppError(code, { status: 409 });
}
