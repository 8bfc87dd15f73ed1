import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { JOB_SCHEMA, migrateDatabase } from '../../db/migrate.ts';
import { rowsOf } from '../../db/rows.ts';
import { type AnyJobDefinition, createJobQueue, type JobQueue, jobName } from './queue.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `tasreeh_jobs_${randomUUID().replaceAll('-', '')}`;
const databases: Database[] = [];
const queues: JobQueue[] = [];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  for (const database of databases) await database.close();
  await admin(`drop database if exists ${databaseName} with (force)`);
});

describe('job runners of several API processes on one new PostgreSQL database', () => {
  it('all start, and each queue is created once', { timeout: 60_000 }, async () => {
    await admin(`create database ${databaseName}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;
    for (let i = 0; i < 4; i++) databases.push(await openDatabase({ url: url.toString() }));
    const [first] = databases;
    if (!first) throw new Error('no database');
    await migrateDatabase(first);

    const definitions: AnyJobDefinition[] = Array.from({ length: 8 }, (_, i) => ({
      name: `start-race-${i}`,
      async run() {},
    }));
    for (const database of databases) {
      queues.push(createJobQueue({ db: database.db, log: pino({ level: 'silent' }), pollingSeconds: 0.5 }));
    }
    await Promise.all(queues.map((queue) => queue.start(definitions)));

    const created = rowsOf<{ name: string; count: number }>(
      await first.db.execute(
        sql`select name, count(*)::int as count from ${sql.raw(JOB_SCHEMA)}.queue where name like 'start-race-%' group by name`,
      ),
    );
    expect(created).toHaveLength(8);
    expect(created.every((queue) => queue.count === 1)).toBe(true);
  });

  it('run each job once between them, both taking part', { timeout: 60_000 }, async () => {
    const [one, two] = databases;
    if (!one || !two) throw new Error('no databases');
    const EACH_ONCE = jobName<{ n: number }>('each-once');
    const ran: { n: number; process: number }[] = [];
    const runners = [one, two].map((database, process) => {
      const runner = createJobQueue({ db: database.db, log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
      queues.push(runner);
      return runner.start([
        {
          name: EACH_ONCE.name,
          async run(jobs) {
            for (const job of jobs) ran.push({ n: (job.data as { n: number }).n, process });
            // Slow enough that the other process finds jobs waiting meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 20));
          },
        },
      ]);
    });
    await Promise.all(runners);
    const JOBS = 200;
    const [sender] = queues;
    if (!sender) throw new Error('no runner');
    await one.db.transaction(async (tx) => {
      for (let n = 0; n < JOBS; n++) await sender.send(tx, EACH_ONCE, { n });
    });
    const until = Date.now() + 45_000;
    while (ran.length < JOBS && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    // A little longer: a job run twice would show now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const times = new Map<number, number>();
    for (const { n } of ran) times.set(n, (times.get(n) ?? 0) + 1);
    expect(times.size).toBe(JOBS);
    expect([...times.values()].every((count) => count === 1)).toBe(true);
    const byProcess = [0, 1].map((process) => ran.filter((run) => run.process === process).length);
    console.log(`each-once: ${JOBS} jobs, run by process 0: ${byProcess[0]}, process 1: ${byProcess[1]}`);
    expect(byProcess.every((share) => share > 0)).toBe(true);
  });

  it('outlive their database going away under a job, instead of dying of an unhandled rejection', {
    timeout: 60_000,
  }, async () => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;
    const database = await openDatabase({ url: url.toString() });
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    const SLOW = jobName<{ n: number }>('outage-slow');
    const queue = createJobQueue({ db: database.db, log, pollingSeconds: 0.5 });
    let started = false;
    let finish = () => {};
    await queue.start([
      {
        name: SLOW.name,
        run: () =>
          new Promise<void>((resolve) => {
            started = true;
            finish = resolve;
          }),
      },
    ]);
    await queue.send(database.db, SLOW, { n: 1 });
    while (!started) await new Promise((resolve) => setTimeout(resolve, 50));

    // The pool ends under the running job: pg-boss's record of its end, which nothing awaits, is refused.
    await database.close();
    finish();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await queue.stop();

    expect(warnings).toContain('job runner: the database is unavailable; the statement is dropped');
  });
});
