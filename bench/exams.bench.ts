/**
 * Sitting an exam at a crowd's pace (issue 12), through the API in its own process
 * (`lib/serve-api.ts`), on PostgreSQL (a scratch database on BENCH_DATABASE_URL's server; PGlite
 * too with BENCH_EXAM_PGLITE=1, where every write waits its turn):
 * BENCH_EXAM_STUDENTS (1,000) logged-in students, each with a Booked, checked-in seat in one open
 * exam session, start the same exam within BENCH_EXAM_SPREAD_MS (10 s) (`POST /api/exam-attempts`,
 * each at a random instant of that window), then each answers its BENCH_EXAM_QUESTIONS (20)
 * questions one after another, about BENCH_EXAM_THINK_MS (5 s: reading a question and its answers) apart (`PUT …/answers/:questionId`), and
 * submits. Prints the errors (any answer but the expected; must be 0), the starts' and the answer
 * saves' p50 / p95 / p99 (target: answer save p95 < 100 ms) and what the database holds after.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startBenchApi } from './lib/bench-api.ts';
import { BENCH_STUDENT_PASSWORD, BENCH_STUDENTS, benchStudentLogin } from './lib/bench-students.ts';
import { type Engine, postgresReachable } from './lib/engines.ts';
import { readPositiveInt } from './lib/env.ts';
import type { ExamTally } from './lib/exams-routes.ts';
import { fieldsOf } from './lib/fields.ts';
import { cleanUp } from './lib/servers.ts';
import { percentile } from './lib/stats.ts';
import { type BenchRow, count, ms, printTable } from './lib/table.ts';

const STUDENTS = readPositiveInt('BENCH_EXAM_STUDENTS', 1000);
const QUESTIONS = readPositiveInt('BENCH_EXAM_QUESTIONS', 20);
const SPREAD_MS = readPositiveInt('BENCH_EXAM_SPREAD_MS', 10_000);
const THINK_MS = readPositiveInt('BENCH_EXAM_THINK_MS', 5000, true);
const LOGINS_AT_ONCE = 8;
const SECTION = 'exams';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

async function call(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = fieldsOf(await response.json().catch(() => ({})));
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: { error: String(error) }, ms: performance.now() - started };
  }
}

interface Student {
  token: string;
  studentId: number;
}

async function logInStudents(baseUrl: string, n: number): Promise<Student[]> {
  const students: Student[] = [];
  for (let start = 1; start <= n; start += LOGINS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(LOGINS_AT_ONCE, n - start + 1) }, (_, i) => start + i);
    students.push(
      ...(await Promise.all(
        batch.map(async (number) => {
          const answer = await call(baseUrl, '/api/auth/login', {
            method: 'POST',
            body: { email: benchStudentLogin(number), password: BENCH_STUDENT_PASSWORD },
            headers: { 'x-forwarded-for': `10.8.${(number >> 8) & 255}.${number & 255}` },
          });
          const { access_token: token, studentId } = answer.body;
          if (answer.status !== 200 || typeof token !== 'string' || typeof studentId !== 'number')
            throw new Error(
              `login of bench student ${number}: ${answer.status} ${JSON.stringify(answer.body)}`,
            );
          return { token, studentId };
        }),
      )),
    );
  }
  return students;
}

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

interface Run {
  starts: number[];
  saves: number[];
  /** When each save was sent, ms from the run's start (to tell the start burst from the rest). */
  savedAt: number[];
  lastStartDone: number;
  submits: number[];
  errors: Map<string, number>;
  wallSeconds: number;
  tally: ExamTally;
}

async function sitAll(baseUrl: string, students: readonly Student[]): Promise<Run> {
  const setUp = await call(baseUrl, '/bench/exam-sitting', {
    method: 'POST',
    body: { studentIds: students.map((student) => student.studentId), questions: QUESTIONS },
  });
  if (setUp.status !== 200)
    throw new Error(`exam set-up answered ${setUp.status}: ${JSON.stringify(setUp.body)}`);
  const sessionId = Number(setUp.body.sessionId);
  const bookingOf = fieldsOf(setUp.body.bookings);
  const run: Run = {
    starts: [],
    saves: [],
    savedAt: [],
    lastStartDone: 0,
    submits: [],
    errors: new Map(),
    wallSeconds: 0,
    tally: { attempts: 0, submitted: 0, answers: 0 },
  };
  const fail = (what: string, answer: Answer) => {
    const key = `${what}: ${answer.status} ${String(answer.body.code ?? answer.body.error ?? '')}`.trim();
    run.errors.set(key, (run.errors.get(key) ?? 0) + 1);
  };
  const started = performance.now();
  await Promise.all(
    students.map(async (student) => {
      await sleep(Math.random() * SPREAD_MS);
      const start = await call(baseUrl, '/api/exam-attempts', {
        method: 'POST',
        token: student.token,
        body: { bookingId: Number(bookingOf[String(student.studentId)]) },
        headers: { 'idempotency-key': randomUUID() },
      });
      run.starts.push(start.ms);
      run.lastStartDone = Math.max(run.lastStartDone, performance.now() - started);
      if (start.status !== 201) return fail('start', start);
      const attemptId = Number(start.body.id);
      const questions = (start.body.questions ?? []) as { id: number; answers: { id: number }[] }[];
      for (const question of questions) {
        if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
        const sentAt = performance.now() - started;
        const saved = await call(baseUrl, `/api/exam-attempts/${attemptId}/answers/${question.id}`, {
          method: 'PUT',
          token: student.token,
          body: { answerId: question.answers[Math.floor(Math.random() * question.answers.length)]?.id },
        });
        run.saves.push(saved.ms);
        run.savedAt.push(sentAt);
        if (saved.status !== 200) fail('answer', saved);
      }
      const submitted = await call(baseUrl, `/api/exam-attempts/${attemptId}/submit`, {
        method: 'POST',
        token: student.token,
        headers: { 'idempotency-key': randomUUID() },
      });
      run.submits.push(submitted.ms);
      if (submitted.status !== 200) fail('submit', submitted);
    }),
  );
  run.wallSeconds = (performance.now() - started) / 1000;
  const tallied = await call(baseUrl, `/bench/exam-tally?session=${sessionId}`);
  run.tally = tallied.body as unknown as ExamTally;
  return run;
}

const triple = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(percentile(sorted, 99))}`;
};

async function measureEngine(engine: Engine): Promise<BenchRow[]> {
  try {
    const baseUrl = await startBenchApi(engine);
    console.log(`exams on ${engine}: logging in ${STUDENTS} students…`);
    const students = await logInStudents(baseUrl, STUDENTS);
    console.log(
      `exams on ${engine}: ${STUDENTS} students start within ${SPREAD_MS} ms and answer ${QUESTIONS} questions…`,
    );
    const run = await sitAll(baseUrl, students);
    const errors = [...run.errors.values()].reduce((sum, n) => sum + n, 0);
    const savesSorted = [...run.saves].sort((a, b) => a - b);
    const p95 = percentile(savesSorted, 95);
    const expectedAnswers = STUDENTS * QUESTIONS;
    const cell = (text: string) => (engine === 'pglite' ? { pglite: text } : { postgres: text });
    return [
      {
        section: SECTION,
        measure: `errors (${count(STUDENTS)} starts, ${count(expectedAnswers)} answers, ${count(STUDENTS)} submits)`,
        ...cell(
          errors === 0 ? '0' : `${errors}: ${[...run.errors].map(([key, n]) => `${n} × ${key}`).join(', ')}`,
        ),
        target: '0',
        met: errors === 0,
      },
      { section: SECTION, measure: 'start p50 / p95 / p99', ...cell(triple(run.starts)) },
      {
        section: SECTION,
        measure: 'answer save p50 / p95 / p99',
        ...cell(triple(run.saves)),
        target: 'p95 < 100 ms',
        met: p95 < 100,
      },
      {
        section: SECTION,
        measure: `answer save p50 / p95 / p99 once every start is done (after ${(run.lastStartDone / 1000).toFixed(1)} s)`,
        ...cell(triple(run.saves.filter((_, index) => (run.savedAt[index] ?? 0) > run.lastStartDone))),
      },
      { section: SECTION, measure: 'submit p50 / p95 / p99', ...cell(triple(run.submits)) },
      {
        section: SECTION,
        measure: 'answer saves per second over the wall time',
        ...cell(
          `${count(run.saves.length / run.wallSeconds)}/s (${count(run.saves.length)} in ${run.wallSeconds.toFixed(1)} s)`,
        ),
      },
      {
        section: SECTION,
        measure: 'attempts / submitted / saved answers in the database',
        ...cell(`${count(run.tally.attempts)} / ${count(run.tally.submitted)} / ${count(run.tally.answers)}`),
        target: `${count(STUDENTS)} / ${count(STUDENTS)} / ${count(expectedAnswers)}`,
        met:
          run.tally.attempts === STUDENTS &&
          run.tally.submitted === STUDENTS &&
          run.tally.answers === expectedAnswers,
      },
    ];
  } finally {
    await cleanUp();
  }
}

export async function examsBench(engines: readonly Engine[]): Promise<BenchRow[]> {
  if (STUDENTS > BENCH_STUDENTS)
    throw new Error(`BENCH_EXAM_STUDENTS must be at most the ${BENCH_STUDENTS} bench students`);
  const rows: BenchRow[] = [];
  for (const engine of engines) rows.push(...(await measureEngine(engine)));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engines: Engine[] = [];
  if (process.env.BENCH_EXAM_PGLITE === '1') engines.push('pglite');
  if (await postgresReachable()) engines.push('postgres');
  if (engines.length === 0)
    throw new Error(
      'no PostgreSQL server answers at BENCH_DATABASE_URL (set BENCH_EXAM_PGLITE=1 for PGlite)',
    );
  printTable(await examsBench(engines));
}
