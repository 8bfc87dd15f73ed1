import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { JOB_SCHEMA } from '../../db/migrate.ts';
import { type SqlExecutor, sqlExecutorOf } from '../../db/sql-executor.ts';
import { isDatabaseUnavailable } from '../database-unavailable.ts';

/** One due job as its handler sees it. */
export interface Job<Data> {
  id: string;
  data: Data;
}

/** When a queued job is due, and what makes two of them one. */
export interface JobOptions {
  /** Not before this moment (default: now). */
  startAfter?: Date;
  /** A job with this key already waiting is not queued again. */
  singletonKey?: string;
}

/**
 * A kind of background work: its queue's name, what it does with a batch of due jobs, and, for
 * periodic work, its schedule. A batch that throws is failed and retried with exponential backoff
 * (`retryDelaySeconds`, then twice that…); after `retryLimit` retries the jobs stay `failed` (the
 * dead letter), listed on the jobs screen.
 */
export interface JobDefinition<Data = unknown> {
  name: string;
  run(jobs: Job<Data>[]): Promise<void>;
  /** A cron expression (UTC): the job is queued on that schedule, once across every API process. */
  schedule?: string;
  /** Retries after the first try (default 4: five tries in all). */
  retryLimit?: number;
  /** The first retry's delay (default 5 s), doubled at each further retry. */
  retryDelaySeconds?: number;
  /** How many due jobs one handler call takes (default 1). */
  batchSize?: number;
  /**
   * The work of this kind that waits on rows, and the field of a job's data that names its row: at
   * start the runner queues a job for each row that has none waiting, running or done, so a row
   * written before the job existed (a database from before the runner), or whose job failed on
   * crashes or was cancelled, is not left waiting for ever.
   */
  waiting?: { rows: (db: Db) => Promise<Data[]>; by: keyof Data & string };
}

/** A definition of any payload, as the registry lists them (each handler checks its own). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of every payload type.
export type AnyJobDefinition = JobDefinition<any>;

/** A job's name with its payload type, as declared once and used by both sender and handler. */
export interface JobName<Data> {
  readonly name: string;
  /** Never set: carries `Data` for the type checker. */
  readonly data?: Data;
}

export const jobName = <Data>(name: string): JobName<Data> => ({ name });

export interface JobQueue {
  /** Queues a job in `db`'s transaction: it exists if and only if that transaction commits. */
  send<Data extends object>(db: Db, job: JobName<Data>, data: Data, options?: JobOptions): Promise<void>;
  /** Creates the queues and starts their workers and schedules. */
  start(definitions: readonly AnyJobDefinition[]): Promise<void>;
  /** Stops taking jobs; waits for the ones under way. */
  stop(): Promise<void>;
  /** The engine behind the queue, for the jobs screen (counts, retry, cancel). */
  readonly boss: PgBoss;
}

const DEFAULT_RETRY_LIMIT = 4;
const DEFAULT_RETRY_DELAY_SECONDS = 5;

/**
 * pg-boss's statements that record a job's end (complete, fail) answer with the count of jobs they
 * changed; they are the ones it sends without waiting for them.
 */
const RECORDS_A_JOB_END = /select count\(\*\) from results/i;
const NOTHING_RECORDED = { rows: [{ count: 0 }], rowCount: 0 };

/**
 * The executor the runner's own work goes through. pg-boss does not wait for the statement that
 * records a finished job's end, so its refusal would be an unhandled rejection, the end of the
 * process: here a database that went away is logged and that statement dropped (the job, still
 * active, expires and runs again). Once the runner has stopped, no such statement reaches the
 * database, which may be closing; `settled` waits for the statements under way.
 */
function runnerExecutor(inner: SqlExecutor, log: FastifyBaseLogger) {
  const underWay = new Set<Promise<unknown>>();
  let stopped = false;
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      const recordsAnEnd = RECORDS_A_JOB_END.test(text);
      if (stopped) {
        if (recordsAnEnd) return NOTHING_RECORDED;
        throw new Error('the job runner has stopped');
      }
      const query = inner.executeSql(text, values);
      underWay.add(query);
      try {
        return await query;
      } catch (error) {
        if (!recordsAnEnd || !isDatabaseUnavailable(error)) throw error;
        log.warn({ err: error }, 'job runner: the database is unavailable; the statement is dropped');
        return NOTHING_RECORDED;
      } finally {
        underWay.delete(query);
      }
    },
  };
  return {
    executor,
    async settled() {
      stopped = true;
      await Promise.allSettled([...underWay]);
    },
  };
}

/**
 * Creates the queues that do not exist yet, in one transaction under pg-boss's own advisory lock
 * (the one its migrations and maintenance take): API processes started together on a new
 * database would otherwise create the same queue at once and deadlock on its partition.
 */
async function createQueues(db: Db, definitions: readonly AnyJobDefinition[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockJobSchema(tx);
    for (const definition of definitions) {
      const options = queueOptionsOf(definition);
      await tx.execute(
        sql`select ${sql.raw(JOB_SCHEMA)}.create_queue(${definition.name}, ${JSON.stringify(options)}::json)`,
      );
      // A queue made by an earlier version keeps the options it was made with otherwise.
      await tx.execute(
        sql`update ${sql.raw(JOB_SCHEMA)}.queue set retry_limit = ${options.retryLimit}, retry_delay = ${options.retryDelay}, retry_backoff = true, updated_on = now() where name = ${definition.name}`,
      );
    }
  });
}

/** pg-boss's own advisory lock (its migrations and maintenance take it), for this transaction. */
async function lockJobSchema(tx: Db): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(('x' || encode(sha224((current_database() || ${`.pgboss.${JOB_SCHEMA}`})::bytea), 'hex'))::bit(64)::bigint)`,
  );
}

function queueOptionsOf(definition: AnyJobDefinition) {
  return {
    policy: 'standard',
    retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  };
}

/**
 * Queues a job for each waiting row of a definition that has no job naming it, waiting, running or
 * done (archived too), under pg-boss's lock so that processes starting together adopt a row once.
 */
async function adoptWaiting(db: Db, boss: PgBoss, definition: AnyJobDefinition): Promise<number> {
  if (!definition.waiting) return 0;
  const { rows, by } = definition.waiting;
  return db.transaction(async (tx) => {
    await lockJobSchema(tx);
    const waiting = await rows(tx);
    if (waiting.length === 0) return 0;
    const keys = waiting.map((data) => String(data[by]));
    const jobs = sql.raw(JOB_SCHEMA);
    // A failed or cancelled job leaves its row waiting: the row is taken up again.
    const known = await tx.execute(
      sql`select data->>${by} as key from ${jobs}.job where name = ${definition.name} and data->>${by} in ${keys} and state not in ('failed', 'cancelled')
          union select data->>${by} from ${jobs}.archive where name = ${definition.name} and data->>${by} in ${keys} and state not in ('failed', 'cancelled')`,
    );
    const have = new Set((known as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
    const orphans = waiting.filter((data) => !have.has(String(data[by])));
    for (const data of orphans) await boss.send(definition.name, data, { db: sqlExecutorOf(tx) });
    return orphans.length;
  });
}

export function createJobQueue(options: {
  db: Db;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (pg-boss's least is 0.5 s). */
  pollingSeconds: number;
}): JobQueue {
  const { db, log } = options;
  const runner = runnerExecutor(sqlExecutorOf(db), log);
  const boss = new PgBoss({
    db: runner.executor,
    schema: JOB_SCHEMA,
    // Installed by the migrations (db/migrate.ts); an app on a database never migrated by this
    // code (a test's bare database) gets it here, pg-boss creating it under its own lock.
    migrate: true,
    pollingIntervalSeconds: options.pollingSeconds,
  });
  let databaseDown = false;
  boss.on('error', (error) => {
    if (!isDatabaseUnavailable(error)) {
      log.error({ err: error }, 'job runner error');
    } else if (!databaseDown) {
      databaseDown = true;
      log.warn({ err: error }, 'job runner: the database is unavailable; retrying');
    }
  });

  return {
    boss,
    async send(tx, job, data, jobOptions = {}) {
      await boss.send(job.name, data, {
        db: sqlExecutorOf(tx),
        ...(jobOptions.startAfter ? { startAfter: jobOptions.startAfter } : {}),
        ...(jobOptions.singletonKey ? { singletonKey: jobOptions.singletonKey } : {}),
      });
    },
    async start(definitions) {
      await boss.start();
      await createQueues(db, definitions);
      for (const definition of definitions) {
        const batchSize = definition.batchSize ?? 1;
        let workerId: string | undefined;
        workerId = await boss.work<unknown>(
          definition.name,
          { batchSize, pollingIntervalSeconds: options.pollingSeconds },
          async (jobs) => {
            databaseDown = false;
            await definition.run(jobs.map((job) => ({ id: job.id, data: job.data as never })));
            // pg-boss waits its polling interval after every fetch; a full batch means more may be
            // due, so the worker looks again at once (a queue of 1,000 messages is not 1,000 waits).
            if (jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
          },
        );
        if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
      }
      // A schedule outlives the code that made it: a queue that has none now (it became a job due
      // at a moment) or is gone loses the one an earlier version left, or it would keep firing.
      const scheduled = new Set(definitions.filter((definition) => definition.schedule).map((d) => d.name));
      for (const stale of await boss.getSchedules())
        if (!scheduled.has(stale.name)) await boss.unschedule(stale.name);
      // Taking up waiting work is a repair: its failure is logged and the process serves on.
      for (const definition of definitions) {
        await adoptWaiting(db, boss, definition).then(
          (adopted) =>
            adopted > 0 && log.info({ queue: definition.name, adopted }, 'job runner: queued waiting work'),
          (error: unknown) =>
            log.error({ err: error, queue: definition.name }, 'job runner: waiting work not taken up'),
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      await runner.settled();
    },
  };
}
