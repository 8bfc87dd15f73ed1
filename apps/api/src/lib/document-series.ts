import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documentCounters } from '../db/schema/index.ts';

/**
 * The next number of a gap-free series (`INV-000042`, `CRT-000007`): the counter row is created
 * once, then taken with an UPDATE that locks it until the caller's transaction ends, so a
 * rolled-back document gives its number back with everything else.
 */
export async function nextInSeries(db: Db, series: string): Promise<string> {
  await db.insert(documentCounters).values({ series, nextValue: 1 }).onConflictDoNothing();
  const rows = await db
    .update(documentCounters)
    .set({ nextValue: sql`${documentCounters.nextValue} + 1` })
    .where(sql`${documentCounters.series} = ${series}`)
    .returning({ taken: sql<string>`${documentCounters.nextValue} - 1` });
  const taken = Number(rows[0]?.taken);
  if (!Number.isSafeInteger(taken) || taken < 1) throw new Error(`document counter ${series} not taken`);
  return `${series}-${String(taken).padStart(6, '0')}`;
}
