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
}

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
  start(definitions: readonly JobDefinition<never>[]): Promise<void>;
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
async function createQueues(db: Db, definitions: readonly JobDefinition<never>[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(('x' || encode(sha224((current_database() || ${`.pgboss.${JOB_SCHEMA}`})::bytea), 'hex'))::bit(64)::bigint)`,
    );
    for (const definition of definitions) {
      const options = {
        policy: 'standard',
        retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: true,
      };
      await tx.execute(
        sql`select ${sql.raw(JOB_SCHEMA)}.create_queue(${definition.name}, ${JSON.stringify(options)}::json)`,
      );
    }
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
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      await runner.settled();
    },
  };
}
