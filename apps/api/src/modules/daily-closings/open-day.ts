import type { MessageCode } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyClosings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Refuses money in or out of a branch's till on a day its closing has finished (409 `code`, the
 * movement's own words),
 * as the trigger on payments does (migration 0024): the closing's row is read FOR SHARE, so a
 * finish under way is waited for and then seen, and a finish that starts later waits for this
 * transaction, whose till movement it then counts. Call it in the transaction of the movement.
 */
export async function requireOpenDay(
  db: Db,
  branchId: number,
  day: string,
  code: MessageCode,
): Promise<void> {
  const [closing] = await db
    .select({ status: dailyClosings.status })
    .from(dailyClosings)
    .where(and(eq(dailyClosings.branchId, branchId), eq(dailyClosings.day, day)))
    .for('share');
  if (closing?.status === 'finished') throw new AppError(code, { status: 409 });
}
