import {
  JOB_STATES,
  type JobCountQuery,
  type JobListQuery,
  type JobPage,
  type JobParams,
  type JobQueues,
  type JobState,
  type JobSummary,
  LIST_COUNT_CAP,
  type ListCount,
} from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { JOB_SCHEMA } from '../../db/migrate.ts';
import { rowsOf } from '../../db/rows.ts';
import { sqlExecutorOf } from '../../db/sql-executor.ts';
import { AppError } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import { cappedCount } from '../../lib/keyset.ts';
import { jobsPolicy } from './policy.ts';

const SCHEMA = sql.raw(JOB_SCHEMA);

/** pg-boss's own queues (`__pgboss__send-it`, which fires the schedules) are its machinery, not the product's. */
const productQueue = (column: ReturnType<typeof sql.raw>) => sql`left(${column}, 10) <> '__pgboss__'`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Every queue with its jobs counted by state, its schedule, and when one of its jobs last finished. */
export async function listQueues(ctx: Ctx): Promise<JobQueues> {
  const queues = rowsOf<{ name: string; schedule: string | null; lastCompletedAt: Date | string | null }>(
    await ctx.db.execute(sql`
      select q.name, s.cron as schedule,
        greatest(
          (select max(completed_on) from ${SCHEMA}.job j where j.name = q.name and j.state = 'completed'),
          (select max(completed_on) from ${SCHEMA}.archive a where a.name = q.name and a.state = 'completed')
        ) as "lastCompletedAt"
      from ${SCHEMA}.queue q left join ${SCHEMA}.schedule s on s.name = q.name
      where ${productQueue(sql.raw('q.name'))}
      order by q.name`),
  );
  const counts = rowsOf<{ name: string; state: JobState; count: number }>(
    await ctx.db.execute(sql`
      select name, state, count(*)::int as count from ${SCHEMA}.job group by name, state`),
  );
  return {
    items: queues.map((queue) => ({
      name: queue.name,
      schedule: queue.schedule,
      counts: Object.fromEntries(
        JOB_STATES.map((state) => [
          state,
          counts.find((row) => row.name === queue.name && row.state === state)?.count ?? 0,
        ]),
      ) as Record<JobState, number>,
      lastCompletedAt: iso(queue.lastCompletedAt),
    })),
  };
}

interface JobRow {
  id: string;
  queue: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdAt: Date | string;
  startAfter: Date | string;
  completedAt: Date | string | null;
  output: unknown;
}

/** A failure's message as pg-boss keeps it (the thrown error, serialised, in the job's output). */
function errorOf(output: unknown): string | null {
  if (typeof output !== 'object' || output === null) return null;
  // A thrown Error keeps its `message`; anything else thrown (a string) is kept as `value`.
  const { message, value } = output as { message?: unknown; value?: unknown };
  const text = typeof message === 'string' ? message : typeof value === 'string' ? value : null;
  return text?.slice(0, 1000) ?? null;
}

function toSummary(ctx: Ctx, row: JobRow): JobSummary {
  return {
    id: row.id,
    queue: row.queue,
    state: row.state,
    retryCount: row.retryCount,
    retryLimit: row.retryLimit,
    createdAt: new Date(row.createdAt).toISOString(),
    startAfter: new Date(row.startAfter).toISOString(),
    completedAt: iso(row.completedAt),
    error: row.state === 'failed' || row.state === 'retry' ? errorOf(row.output) : null,
    abilities: jobsPolicy.abilities(ctx.actor, row, ['retry', 'cancel']),
  };
}

/** A cursor: the last row's creation time and id, as `<ISO time>|<uuid>`. */
function cursorOf(row: JobRow): string {
  return `${new Date(row.createdAt).toISOString()}|${row.id}`;
}

function parseCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt = '', id = ''] = cursor.split('|');
  if (Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('INVALID_VALUE', { status: 400, fields: { cursor: 'INVALID_VALUE' } });
  }
  return { createdAt, id };
}

function jobFilter(query: JobCountQuery) {
  return sql`state = ${query.state} and ${productQueue(sql.raw('name'))}
    ${query.queue ? sql`and name = ${query.queue}` : sql``}`;
}

/** How many jobs of the state (and queue) there are, capped as every list's count is. */
export async function countJobs(ctx: Ctx, query: JobCountQuery): Promise<ListCount> {
  const [row] = rowsOf<{ total: number }>(
    await ctx.db.execute(sql`
      select count(*)::int as total from (
        select 1 from ${SCHEMA}.job where ${jobFilter(query)} limit ${LIST_COUNT_CAP + 1}) matching`),
  );
  return cappedCount(row?.total ?? 0);
}

/** The jobs of a state (of one queue or all), newest first, one keyset page. */
export async function listJobs(ctx: Ctx, query: JobListQuery): Promise<JobPage> {
  const after = query.cursor ? parseCursor(query.cursor) : undefined;
  const rows = rowsOf<JobRow>(
    await ctx.db.execute(sql`
      select id, name as queue, state, retry_count as "retryCount", retry_limit as "retryLimit",
        created_on as "createdAt", start_after as "startAfter", completed_on as "completedAt", output
      from ${SCHEMA}.job
      where ${jobFilter(query)}
        ${after ? sql`and (created_on, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by created_on desc, id desc
      limit ${query.limit + 1}`),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toSummary(ctx, row)),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
  };
}

/** The job a path names, locked for the change; 404 when there is none. */
async function lockJob(ctx: Ctx, params: JobParams): Promise<JobRow> {
  const [row] = rowsOf<JobRow>(
    await ctx.db.execute(sql`
      select id, name as queue, state, retry_count as "retryCount", retry_limit as "retryLimit",
        created_on as "createdAt", start_after as "startAfter", completed_on as "completedAt", output
      from ${SCHEMA}.job where name = ${params.queue} and id = ${params.id}::uuid
      for update`),
  );
  if (!row) throw new AppError('JOB_NOT_FOUND', { status: 404 });
  return row;
}

/** `POST /api/jobs/:queue/:id/retry`: a failed or cancelled job runs again (its tries counted anew). */
export const retryJob = command({
  name: 'job.retry',
  entity: 'pgboss.job',
  load: lockJob,
  authorize: jobsPolicy.authorize('retry', (job: JobRow) => job),
  run: async (ctx, params: JobParams, job) => {
    const options = { db: sqlExecutorOf(ctx.db) };
    // pg-boss's retry takes only failed jobs; a cancelled one is resumed (waiting again).
    if (job.state === 'cancelled') await ctx.jobs.boss.resume(params.queue, params.id, options);
    else await ctx.jobs.boss.retry(params.queue, params.id, options);
    return { id: params.id };
  },
  audit: ({ input, before }) => ({
    entityId: input.id,
    before: { queue: before.queue, state: before.state, retryCount: before.retryCount },
    after: { state: 'retry' },
  }),
  message: 'JOB_RETRIED',
});

/** `POST /api/jobs/:queue/:id/cancel`: a job still waiting (to start or to be retried) will not run. */
export const cancelJob = command({
  name: 'job.cancel',
  entity: 'pgboss.job',
  load: lockJob,
  authorize: jobsPolicy.authorize('cancel', (job: JobRow) => job),
  run: async (ctx, params: JobParams) => {
    await ctx.jobs.boss.cancel(params.queue, params.id, { db: sqlExecutorOf(ctx.db) });
    return { id: params.id };
  },
  audit: ({ input, before }) => ({
    entityId: input.id,
    before: { queue: before.queue, state: before.state },
    after: { state: 'cancelled' },
  }),
  message: 'JOB_CANCELLED',
});
