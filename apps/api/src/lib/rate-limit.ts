import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/**
 * Adds one to a counter that starts afresh every `windowSeconds`, and returns the new count.
 * One statement, so parallel calls from any number of processes count exactly.
 */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const expired = sql`${rateLimitCounters.windowStartsAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStartsAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartsAt: sql`case when ${expired} then now() else ${rateLimitCounters.windowStartsAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count });
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

/** Drops counters whose window ended long ago (the longest window is a day). */
export async function pruneCounters(db: Db): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.windowStartsAt} < now() - interval '2 days'`);
}
