import { sql } from 'drizzle-orm';
import { JOB_SCHEMA } from '../db/migrate.ts';
import { rowsOf } from '../db/rows.ts';
import type { JobName } from '../lib/jobs/queue.ts';
import type { TestApp } from './test-app.ts';

const JOBS = sql.raw(`${JOB_SCHEMA}.job`);

/** The jobs of a queue, oldest first: their state, when due, and what they carry. */
export async function jobsOf<Data>(t: TestApp, job: JobName<Data>) {
  const rows = rowsOf<{ state: string; startAfter: Date | string; data: Data }>(
    await t.db.execute(sql`
      select state, start_after as "startAfter", data from ${JOBS}
      where name = ${job.name} order by created_on`),
  );
  return rows.map((row) => ({ ...row, startAfter: new Date(row.startAfter) }));
}

/** Time passes for a queue: its waiting jobs fall due now (as their moment would have come). */
export async function makeDueNow(t: TestApp, job: JobName<unknown>): Promise<void> {
  await t.db.execute(sql`
    update ${JOBS} set start_after = now() where name = ${job.name} and state in ('created', 'retry')`);
}

/** Waits (the app's real runner at work) until no job of the queue is waiting or running. */
export async function jobsSettled(t: TestApp, job: JobName<unknown>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = rowsOf<{ open: number }>(
      await t.db.execute(sql`
        select count(*)::int as open from ${JOBS}
        where name = ${job.name} and state in ('created', 'retry', 'active') and start_after <= now()`),
    );
    if (row?.open === 0) return;
    if (Date.now() > until) throw new Error(`jobs of ${job.name} still open after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
