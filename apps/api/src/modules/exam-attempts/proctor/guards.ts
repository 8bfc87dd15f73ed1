import { eq } from 'drizzle-orm';
import { bookings, examAttempts } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { assertProctor, assertProctorSome } from '../policy.ts';
import { examSessionOf } from './live.ts';

/**
 * The route guards of a proctor's actions (decision 0027): a caller who may not edit the exam
 * session is refused (403; no such row 404) before the form is read. The commands check again
 * under their locks.
 */
async function assertProctorsSession(ctx: Ctx, sessionId: number | undefined): Promise<void> {
  if (sessionId === undefined) throw notFound();
  assertProctor(actorOf(ctx), await examSessionOf(ctx.db, sessionId), 'edit');
}

/** An action on an attempt (extra time, stop, restart, practical score), by the attempt's session. */
export async function guardAttemptAction(ctx: Ctx, { id }: { id: number }): Promise<void> {
  assertProctorSome(actorOf(ctx), 'edit');
  const [attempt] = await ctx.db
    .select({ sessionId: examAttempts.sessionId })
    .from(examAttempts)
    .where(eq(examAttempts.id, id));
  await assertProctorsSession(ctx, attempt?.sessionId);
}

/** An action on an exam seat (attendance), by the booking's session. */
export async function guardSeatAction(ctx: Ctx, { id }: { id: number }): Promise<void> {
  assertProctorSome(actorOf(ctx), 'edit');
  const [booking] = await ctx.db
    .select({ sessionId: bookings.sessionId })
    .from(bookings)
    .where(eq(bookings.id, id));
  await assertProctorsSession(ctx, booking?.sessionId);
}

/** An action on a session's candidate (admit), by the session in the path. */
export async function guardSessionAction(ctx: Ctx, { sessionId }: { sessionId: number }): Promise<void> {
  assertProctorSome(actorOf(ctx), 'edit');
  await assertProctorsSession(ctx, sessionId);
}
