/**
 * Work due at a moment, done by the app's own job runner (issue 25), in-process on each database:
 * - BENCH_JOB_ITEMS (1,000) exam attempts of one sitting whose deadline falls at the same instant,
 *   each with its `exam-attempt-deadline` job due then (as the start queues it): the time from the
 *   deadline until every attempt is submitted (target: within 60 s on PostgreSQL);
 * - as many unpaid holds of one session running out at the same instant, each booking with its
 *   `booking-hold-expiry` job due then (as a booking queues it): the time from the hold's end
 *   until every seat is free again (target: within 60 s on PostgreSQL).
 * The rows are written straight into the database, set-based; only the jobs do the work.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';
import { openScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { HOLD_EXPIRY } from '../apps/api/src/modules/bookings/index.ts';
import { ATTEMPT_DEADLINE } from '../apps/api/src/modules/exam-attempts/index.ts';
import { ENGINES, type Engine, postgresReachable, postgresUrl } from './lib/engines.ts';
import { readPositiveInt } from './lib/env.ts';
import { setUpExamSitting } from './lib/exams-routes.ts';
import { seedStudents } from './lib/seed-students.ts';
import { type BenchRow, count, printTable } from './lib/table.ts';

const ITEMS = readPositiveInt('BENCH_JOB_ITEMS', 1000);
/** How far ahead the shared moment is set: time to queue every job before it comes. */
const LEAD_MS = 20_000;
const TARGET_SECONDS = 60;
const SECTION = 'jobs';

/** Waits until `done()` says true, polling; the seconds from `since` to that moment. */
async function secondsUntil(done: () => Promise<boolean>, since: Date, limitSeconds = 600): Promise<number> {
  for (;;) {
    if (await done()) return (Date.now() - since.getTime()) / 1000;
    if (Date.now() - since.getTime() > limitSeconds * 1000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const single = async <Row>(database: Database, query: ReturnType<typeof sql>) =>
  rowsOf<Row>(await database.db.execute(query))[0];

async function benchStudentIds(database: Database): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      select s.id from students s join users u on u.id = s.user_id
      where u.email like 'bench%' order by s.id limit ${ITEMS}`),
  );
  return rows.map((row) => row.id);
}

/** 1,000 attempts in progress ending at one instant, each with its deadline job: seconds until all are submitted. */
async function deadlines(app: FastifyInstance, database: Database, studentIds: number[]) {
  const sitting = await setUpExamSitting(database.db, studentIds, 1);
  const endsAt = new Date(Date.now() + LEAD_MS);
  const attempts = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      insert into exam_attempts (booking_id, exam_id, session_id, student_id, language, status, started_at, ends_at)
      select b.id, e.id, b.session_id, b.student_id, 'en', 'in_progress', now(), ${endsAt.toISOString()}::timestamptz
      from bookings b
      join scheduled_sessions s on s.id = b.session_id
      join exams e on e.course_id = s.course_id and e.status = 'active'
      where b.session_id = ${sitting.sessionId}
      returning id`),
  );
  await database.db.execute(sql`
    insert into attempt_questions (attempt_id, position, question_id, answer_order)
    select a.id, 0, q.id, array(select qa.id from question_answers qa where qa.question_id = q.id order by qa.position)
    from exam_attempts a
    join scheduled_sessions s on s.id = a.session_id
    join question_banks qb on qb.course_id = s.course_id and qb.language = 'en'
    join lateral (select id from questions where bank_id = qb.id and retired_at is null order by id limit 1) q on true
    where a.session_id = ${sitting.sessionId}`);
  await database.db.transaction(async (tx) => {
    for (const attempt of attempts) {
      await app.deps.jobs.send(tx, ATTEMPT_DEADLINE, { attemptId: attempt.id }, { startAfter: endsAt });
    }
  });
  return secondsUntil(async () => {
    const row = await single<{ open: number }>(
      database,
      sql`select count(*)::int as open from exam_attempts
          where session_id = ${sitting.sessionId} and status = 'in_progress'`,
    );
    return row?.open === 0;
  }, endsAt);
}

/** 1,000 holds of one session running out at one instant, each with its expiry job: seconds until every seat is free. */
async function holds(app: FastifyInstance, database: Database, studentIds: number[]) {
  const holdEnds = new Date(Date.now() + LEAD_MS);
  const session = await single<{ id: number }>(
    database,
    sql`insert into scheduled_sessions (kind, course_id, branch_id, delivery, language, starts_at, ends_at, capacity, seats_taken)
        select 'training', c.id, (select id from branches where code = 'RUH-01'), 'remote', 'en',
          now() + interval '7 days', now() + interval '7 days 3 hours', ${studentIds.length}, ${studentIds.length}
        from courses c where c.name_en = 'Food Safety Basics'
        returning id`,
  );
  if (!session) throw new Error('no session');
  const bookings = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      insert into bookings (session_id, student_id, channel, status, original_fee, amana_fee, vat, total,
        hold_expires_at, booked_by_user_id)
      select ${session.id}, s.id, 'student', 'Pending Payment', 20000, 1000, 3150, 24150,
        ${holdEnds.toISOString()}::timestamptz, s.user_id
      from students s where s.id = any(${`{${studentIds.join(',')}}`}::int[])
      returning id`),
  );
  const startAfter = new Date(holdEnds.getTime() + 1000);
  await database.db.transaction(async (tx) => {
    for (const booking of bookings) {
      await app.deps.jobs.send(tx, HOLD_EXPIRY, { bookingIds: [booking.id] }, { startAfter });
    }
  });
  return secondsUntil(async () => {
    const row = await single<{ taken: number }>(
      database,
      sql`select seats_taken as taken from scheduled_sessions where id = ${session.id}`,
    );
    return row?.taken === 0;
  }, holdEnds);
}

async function measureEngine(engine: Engine, dataDir: string) {
  const database: Database =
    engine === 'postgres'
      ? await openScratchDatabase(postgresUrl(), 'tasreeh_bench')
      : await openDatabase({ dataDir });
  try {
    console.log(`jobs on ${engine}: seeding ${count(ITEMS)} students…`);
    await seedStudents(database, ITEMS);
    const config = loadConfig({
      JWT_SECRET: 'b'.repeat(40),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const studentIds = await benchStudentIds(database);
      console.log(`jobs on ${engine}: ${count(studentIds.length)} attempts ending together…`);
      const submitted = await deadlines(app, database, studentIds);
      console.log(`jobs on ${engine}: ${count(studentIds.length)} holds running out together…`);
      const freed = await holds(app, database, studentIds);
      return { submitted, freed, items: studentIds.length };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const seconds = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} s` : 'not within 10 min');

export async function jobsBench(engines: readonly Engine[]): Promise<BenchRow[]> {
  const results = new Map<Engine, Awaited<ReturnType<typeof measureEngine>>>();
  for (const engine of engines) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-bench-'));
    try {
      results.set(engine, await measureEngine(engine, dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const [pglite, postgres] = ENGINES.map((engine) => results.get(engine));
  const items = count(pglite?.items ?? postgres?.items ?? ITEMS);
  const target = `PostgreSQL ≤ ${TARGET_SECONDS} s`;
  return [
    {
      section: SECTION,
      measure: `${items} attempts, one deadline: last submitted after it`,
      pglite: pglite && seconds(pglite.submitted),
      postgres: postgres && seconds(postgres.submitted),
      target,
      met: postgres ? postgres.submitted <= TARGET_SECONDS : undefined,
    },
    {
      section: SECTION,
      measure: `${items} holds, one end: last seat freed after it`,
      pglite: pglite && seconds(pglite.freed),
      postgres: postgres && seconds(postgres.freed),
      target,
      met: postgres ? postgres.freed <= TARGET_SECONDS : undefined,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engines = (await postgresReachable()) ? ENGINES : (['pglite'] as const);
  printTable(await jobsBench(engines));
}
