import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { JOB_SCHEMA, migrateDatabase } from '../../db/migrate.ts';
import { createJobQueue, type Job, type JobQueue, jobName } from './queue.ts';

let database: Database;
let queue: JobQueue;
const ran: { name: string; data: { n: number }; at: number }[] = [];
const failures: number[] = [];

const RECORDED = jobName<{ n: number }>('test-recorded');
const FAILING = jobName<{ n: number }>('test-failing');

/** Waits until `check` holds, looking every 100 ms, for at most `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobRow(name: string) {
  const result = await database.db.execute(
    sql`select state, retry_count as "retryCount", output from ${sql.raw(JOB_SCHEMA)}.job where name = ${name}`,
  );
  return (result as unknown as { rows: { state: string; retryCount: number; output: unknown }[] }).rows;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await migrateDatabase(database);
  queue = createJobQueue({ db: database.db, log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
  await queue.start([
    {
      name: RECORDED.name,
      async run(jobs: Job<{ n: number }>[]) {
        for (const job of jobs) ran.push({ name: RECORDED.name, data: job.data, at: Date.now() });
      },
    },
    {
      name: FAILING.name,
      retryDelaySeconds: 1,
      async run() {
        failures.push(Date.now());
        throw new Error('gateway down');
      },
    },
  ]);
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('the job runner', () => {
  it('runs a job queued in a transaction that commits, never one whose transaction rolled back', async () => {
    await database.db.transaction(async (tx) => {
      await queue.send(tx, RECORDED, { n: 1 });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send(tx, RECORDED, { n: 2 });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await eventually(() => ran.some((job) => job.data.n === 1), 10_000);
    // Long enough for the worker to have taken the rolled-back one, had it existed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran.map((job) => job.data.n)).toEqual([1]);
    expect((await jobRow(RECORDED.name)).map((row) => row.state)).toEqual(['completed']);
  });

  it('runs a job due later only once it is due', async () => {
    const due = Date.now() + 2000;
    await queue.send(database.db, RECORDED, { n: 3 }, { startAfter: new Date(due) });
    await eventually(() => ran.some((job) => job.data.n === 3), 10_000);
    expect(ran.find((job) => job.data.n === 3)?.at).toBeGreaterThanOrEqual(due);
  });

  it('retries a failing job with growing delays, then keeps it failed with its error (the dead letter)', async () => {
    await queue.send(database.db, FAILING, { n: 4 });
    await eventually(async () => (await jobRow(FAILING.name))[0]?.state === 'failed', 60_000);
    expect(failures).toHaveLength(5);
    const gaps = failures.slice(1).map((at, index) => at - (failures[index] ?? at));
    // Exponential backoff from 1 s (with jitter): each wait at least the lower bound of its step.
    expect(gaps[0]).toBeGreaterThanOrEqual(1000);
    expect(gaps[2]).toBeGreaterThanOrEqual(4000);
    expect(gaps[3]).toBeGreaterThanOrEqual(8000);
    const [row] = await jobRow(FAILING.name);
    expect(row).toMatchObject({ state: 'failed', retryCount: 4 });
    expect(JSON.stringify(row?.output)).toContain('gateway down');
  }, 90_000);

  it('drops at start a schedule an earlier version left on a queue that now has none', async () => {
    await queue.boss.schedule(RECORDED.name, '0 3 * * *', {}, { tz: 'UTC' });
    expect((await queue.boss.getSchedules()).map((schedule) => schedule.name)).toContain(RECORDED.name);
    const restarted = createJobQueue({
      db: database.db,
      log: pino({ level: 'silent' }),
      pollingSeconds: 0.5,
    });
    await restarted.start([{ name: RECORDED.name, run: async () => undefined }]);
    try {
      expect((await restarted.boss.getSchedules()).map((schedule) => schedule.name)).not.toContain(
        RECORDED.name,
      );
    } finally {
      await restarted.stop();
    }
  });

  it('queues at start a job for each waiting row that has none, once across restarts', async () => {
    const ADOPTING = jobName<{ n: number }>('test-adopting');
    const adopted: number[] = [];
    const definition = (waiting?: number[]) => ({
      name: ADOPTING.name,
      async run(jobs: Job<{ n: number }>[]) {
        for (const job of jobs) adopted.push(job.data.n);
      },
      ...(waiting ? { waiting: { rows: async () => waiting.map((n) => ({ n })), by: 'n' as const } } : {}),
    });
    const restart = async (waiting?: number[]) => {
      const restarted = createJobQueue({
        db: database.db,
        log: pino({ level: 'silent' }),
        pollingSeconds: 0.5,
      });
      await restarted.start([definition(waiting)]);
      return restarted;
    };
    // The queue exists, with one job of row 201 queued (as a change would), not yet run.
    await (await restart()).stop();
    await queue.send(database.db, ADOPTING, { n: 201 });
    const second = await restart([201, 202]);
    await eventually(() => adopted.length >= 2, 10_000);
    await second.stop();
    await (await restart([201, 202])).stop();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(adopted.sort()).toEqual([201, 202]);
    expect(await jobRow(ADOPTING.name)).toHaveLength(2);
  });
});
