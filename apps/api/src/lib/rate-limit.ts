import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/**
 * One hit on a counter whose window starts afresh every `windowSeconds`, in one statement: a new
 * counter, a restarted window, or one more in the window — only where `onlyIf` (if given) holds.
 */
function hitCounter(db: Db, key: string, windowSeconds: number, onlyIf?: (expired: SQL) => SQL) {
  const expired = sql`${rateLimitCounters.windowStartsAt} <= now() - make_interval(secs => ${windowSeconds})`;
  return db
    .insert(rateLimitCounters)
    .values({ key, windowStartsAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartsAt: sql`case when ${expired} then now() else ${rateLimitCounters.windowStartsAt} end`,
      },
      setWhere: onlyIf?.(expired),
    })
    .returning({ count: rateLimitCounters.count });
}

/**
 * Adds one to a counter that starts afresh every `windowSeconds`, and returns the new count.
 * One statement, so parallel calls from any number of processes count exactly.
 */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await hitCounter(db, key, windowSeconds);
  return row?.count ?? 1;
}

/** The current count of a window, without adding to it. */
export async function peekCount(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.key, key),
        sql`${rateLimitCounters.windowStartsAt} > now() - make_interval(secs => ${windowSeconds})`,
      ),
    );
  return row?.count ?? 0;
}

/** Counts a hit and refuses with 429 once the window holds more than `limit`. */
export async function enforceLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const count = await countHit(db, key, windowSeconds);
  if (count > limit) {
    throw new AppError('TOO_MANY_REQUESTS', {
      status: 429,
      headers: { 'retry-after': String(windowSeconds) },
    });
  }
}

/**
 * Claims a cooldown: true when the last claim of `key` is at least `seconds` old (and claims
 * it now), else the seconds left. Atomic: of many parallel claims, one wins.
 */
export async function claimCooldown(db: Db, key: string, seconds: number): Promise<true | number> {
  const [claimed] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStartsAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: { windowStartsAt: sql`now()`, count: sql`${rateLimitCounters.count} + 1` },
      setWhere: sql`${rateLimitCounters.windowStartsAt} <= now() - make_interval(secs => ${seconds})`,
    })
    .returning({ key: rateLimitCounters.key });
  if (claimed) return true;
  const [row] = await db
    .select({
      left: sql<number>`ceil(extract(epoch from (${rateLimitCounters.windowStartsAt} + make_interval(secs => ${seconds}) - now())))::int`,
    })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  return Math.max(1, Number(row?.left ?? seconds));
}

/**
 * Takes one of the `limit` hits a window allows: true when taken, false when the window is full
 * (then nothing is added). One statement: of many parallel calls, at most `limit` win.
 */
export async function takeWithinLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const rows = await hitCounter(
    db,
    key,
    windowSeconds,
    (expired) => sql`${expired} or ${rateLimitCounters.count} < ${limit}`,
  );
  return rows.length === 1;
}

/** Gives back a hit taken with `takeWithinLimit` (or counted) that turned out not to count. */
export async function giveBackHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key));
}

/** Forgets a counter. */
export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/**
 * A run of hits that slows down: after `free` hits in a row, each next one must wait
 * 1, 2, 4… seconds (at most `maxWaitSeconds`) after the one before. A run ends after
 * `idleSeconds` without a hit. The row keeps the count and, as its window start, the last hit.
 */
export interface Pace {
  free: number;
  maxWaitSeconds: number;
  idleSeconds: number;
}

function paceTerms(pace: Pace) {
  const idle = sql`${rateLimitCounters.windowStartsAt} <= now() - make_interval(secs => ${pace.idleSeconds})`;
  const wait = sql`case when ${rateLimitCounters.count} < ${pace.free} then 0
    else least(power(2, ${rateLimitCounters.count} - ${pace.free}), ${pace.maxWaitSeconds}) end`;
  const readyAt = sql`${rateLimitCounters.windowStartsAt} + make_interval(secs => ${wait})`;
  return { idle, readyAt };
}

/** Seconds before the next hit of a paced run may come; 0 when it may come now. */
export async function pacedWait(db: Db, key: string, pace: Pace): Promise<number> {
  const { idle, readyAt } = paceTerms(pace);
  const [row] = await db
    .select({
      left: sql<number>`case when ${idle} then 0
        else greatest(0, ceil(extract(epoch from (${readyAt} - now()))))::int end`,
    })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  return Number(row?.left ?? 0);
}

/**
 * Counts a hit of a paced run when its wait is over: true, or the seconds still to wait.
 * One statement: of many parallel hits, only as many as the pace allows get through.
 */
export async function claimPacedHit(db: Db, key: string, pace: Pace): Promise<true | number> {
  const { idle, readyAt } = paceTerms(pace);
  const [claimed] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStartsAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${idle} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartsAt: sql`now()`,
      },
      setWhere: sql`${idle} or ${readyAt} <= now()`,
    })
    .returning({ key: rateLimitCounters.key });
  if (claimed) return true;
  return Math.max(1, await pacedWait(db, key, pace));
}

/** Drops counters whose window ended long ago (the longest window is a day). */
export async function pruneCounters(db: Db): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.windowStartsAt} < now() - interval '2 days'`);
}
