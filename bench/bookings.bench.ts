/**
 * Booking and paying at a crowd's pace (issue 11), through the API in its own process
 * (`lib/serve-api.ts`), on PGlite and on PostgreSQL (a scratch database on BENCH_DATABASE_URL's
 * server, skipped when it does not answer):
 * - BENCH_PAYERS (100) students, each logged in, book themselves all at once into
 *   BENCH_BOOKING_ROUNDS (1) sessions with a seat for each (`POST /api/bookings`, each student
 *   its sessions one after another); then each pays its bookings from its balance, all at once
 *   (`POST /api/payments`, method `balance`, after an advance credited to each balance). Prints
 *   bookings and payments per second over the wall time, each request's p50 and p95, and the
 *   counts the database holds after: every booking Booked, one payment and one invoice each,
 *   invoice numbers without a gap. Before them, BENCH_BOOKING_WARMUP (20) other students book
 *   and pay once, unmeasured (a warm server).
 * - The last seat: BENCH_RACERS (200) other students book one session with one seat left, all
 *   at once. Prints how many got 201 (must be 1), how many 409 SESSION_FULL, anything else, and
 *   the wall time. PGlite runs one transaction at a time: there the racers queue, they do not race.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startBenchApi } from './lib/bench-api.ts';
import { BENCH_STUDENT_PASSWORD, BENCH_STUDENTS, benchStudentLogin } from './lib/bench-students.ts';
import type { BookingsTally } from './lib/bookings-routes.ts';
import { ENGINES, type Engine, postgresReachable } from './lib/engines.ts';
import { readPositiveInt } from './lib/env.ts';
import { fieldsOf } from './lib/fields.ts';
import { cleanUp } from './lib/servers.ts';
import { percentile } from './lib/stats.ts';
import { type BenchRow, count, ms, printTable } from './lib/table.ts';

const PAYERS = readPositiveInt('BENCH_PAYERS', 100);
const ROUNDS = readPositiveInt('BENCH_BOOKING_ROUNDS', 1);
const RACERS = readPositiveInt('BENCH_RACERS', 200);
/** Other students who book and pay once before the measured runs, so that the server is warm. */
const WARMUP = readPositiveInt('BENCH_BOOKING_WARMUP', 20, true);
/** Logins at once while setting up (the API takes one per core; more only wait in its line). */
const LOGINS_AT_ONCE = 8;
const SECTION = 'bookings';
const BOOKINGS = PAYERS * ROUNDS;

interface Student {
  token: string;
  studentId: number;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

async function call(
  baseUrl: string,
  path: string,
  init: { method?: 'GET' | 'POST'; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
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
}

/** An answer that must be `status`, else the run fails showing it. */
function expectStatus(answer: Answer, status: number, what: string): Record<string, unknown> {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Bench students `first`…`first + n - 1` logged in, a few at a time, each from its own address. */
async function logInStudents(baseUrl: string, first: number, n: number): Promise<Student[]> {
  const students: Student[] = [];
  for (let start = 0; start < n; start += LOGINS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(LOGINS_AT_ONCE, n - start) }, (_, i) => first + start + i);
    students.push(...(await Promise.all(batch.map(logInOne))));
  }
  return students;

  async function logInOne(number: number): Promise<Student> {
    const answer = await call(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { email: benchStudentLogin(number), password: BENCH_STUDENT_PASSWORD },
      headers: { 'x-forwarded-for': `10.9.${(number >> 8) & 255}.${number & 255}` },
    });
    const body = expectStatus(answer, 200, `login of bench student ${number}`);
    if (typeof body.access_token !== 'string' || typeof body.studentId !== 'number')
      throw new Error(`login of bench student ${number}: no token or student id`);
    return { token: body.access_token, studentId: body.studentId };
  }
}

async function createSession(baseUrl: string, capacity: number, seatsTaken = 0): Promise<number> {
  const answer = await call(baseUrl, `/bench/sessions?capacity=${capacity}&seatsTaken=${seatsTaken}`, {
    method: 'POST',
  });
  const { id } = expectStatus(answer, 200, 'session set-up');
  if (typeof id !== 'number') throw new Error('session set-up answered no id');
  return id;
}

async function tallyOf(baseUrl: string, sessionIds: number[]): Promise<BookingsTally> {
  const answer = await call(baseUrl, `/bench/bookings-tally?sessions=${sessionIds.join(',')}`);
  // the tally route answers its own type, serialised
  return expectStatus(answer, 200, 'tally') as unknown as BookingsTally;
}

/** A money write: its own Idempotency-Key, as a payer's browser sends one per click. */
function write(baseUrl: string, path: string, token: string, body: unknown): Promise<Answer> {
  return call(baseUrl, path, { method: 'POST', token, body, headers: { 'idempotency-key': randomUUID() } });
}

interface Phase {
  requests: number;
  perSecond: number;
  seconds: number;
  p50: number;
  p95: number;
}

/**
 * Each student's steps one after another, all students at once; each step must answer 201.
 * Returns the steps per second over the wall time, each step's p50 and p95, and the answers
 * (by student, in the order of `students`).
 */
async function runAtOnce(
  students: readonly Student[],
  stepsOf: (student: Student, index: number) => (() => Promise<Answer>)[],
  what: string,
): Promise<Phase & { answers: Answer[][] }> {
  const started = performance.now();
  const answers = await Promise.all(
    students.map(async (student, index) => {
      const done: Answer[] = [];
      for (const step of stepsOf(student, index)) done.push(await step());
      return done;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const answer of answers.flat()) expectStatus(answer, 201, what);
  const times = answers
    .flat()
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / seconds,
    seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    answers,
  };
}

/** Bookings into `rounds` sessions, then their payments from the balance, by `payers` at once; and what the database holds after. */
async function bookAndPay(baseUrl: string, payers: readonly Student[], rounds: number) {
  const sessionIds: number[] = [];
  for (let round = 0; round < rounds; round++) sessionIds.push(await createSession(baseUrl, payers.length));
  const booking = await runAtOnce(
    payers,
    (payer) =>
      sessionIds.map((sessionId) => () => write(baseUrl, '/api/bookings', payer.token, { sessionId })),
    'a booking',
  );
  const bookingsOf = booking.answers.map((answers) =>
    answers.map(({ body }) => ({ id: Number(body.id), total: Number(body.total) })),
  );
  const credited = await call(baseUrl, '/bench/advances', {
    method: 'POST',
    body: payers.map((payer, i) => ({
      studentId: payer.studentId,
      amount: (bookingsOf[i] ?? []).reduce((sum, { total }) => sum + total, 0),
    })),
  });
  expectStatus(credited, 200, 'the advances');
  const paying = await runAtOnce(
    payers,
    (payer, index) =>
      (bookingsOf[index] ?? []).map(
        ({ id }) =>
          () =>
            write(baseUrl, '/api/payments', payer.token, { bookingId: id, method: 'balance' }),
      ),
    'a payment',
  );
  const unpaid = paying.answers.flat().filter(({ body }) => body.status !== 'paid' || !body.invoiceId);
  if (unpaid.length > 0)
    throw new Error(`a payment was not paid at once: ${JSON.stringify(unpaid[0]?.body)}`);
  return { booking, paying, tally: await tallyOf(baseUrl, sessionIds) };
}

/** RACERS students book the last seat of one session at once. */
async function lastSeat(baseUrl: string, racers: readonly Student[]) {
  const sessionId = await createSession(baseUrl, 5, 4);
  const started = performance.now();
  const answers = await Promise.all(
    racers.map((racer) => write(baseUrl, '/api/bookings', racer.token, { sessionId })),
  );
  const wallMs = performance.now() - started;
  const won = answers.filter(({ status }) => status === 201).length;
  const full = answers.filter(({ status, body }) => status === 409 && body.code === 'SESSION_FULL').length;
  const others = new Map<string, number>();
  for (const { status, body } of answers) {
    if (status === 201 || (status === 409 && body.code === 'SESSION_FULL')) continue;
    const key = `${status} ${String(body.code ?? '')}`.trim();
    others.set(key, (others.get(key) ?? 0) + 1);
  }
  return { won, full, others, wallMs, tally: await tallyOf(baseUrl, [sessionId]) };
}

interface Cell {
  text: string;
  met?: boolean;
}

const perSecond = (phase: Phase) =>
  `${count(phase.perSecond)}/s (${count(phase.requests)} in ${phase.seconds.toFixed(1)} s)`;
const latency = (phase: Phase) => `${ms(phase.p50)} / ${ms(phase.p95)}`;

const MEASURES = {
  bookings: `bookings, ${PAYERS} students at once, per second`,
  bookingLatency: 'booking p50 / p95',
  payments: `payments (balance), ${PAYERS} payers at once, per second`,
  paymentLatency: 'payment p50 / p95',
  exact: 'booked / payments / invoices in the database',
  race: `last seat, ${RACERS} at once: 201 / 409 SESSION_FULL / other`,
  raceWall: `last seat, ${RACERS} at once: wall time`,
  raceConcurrent: 'last seat: requests in the database at once',
} as const;

const TARGETS: Partial<Record<keyof typeof MEASURES, string>> = {
  exact: `${count(BOOKINGS)} each, gap-free`,
  race: `1 / ${RACERS - 1} / 0`,
};

/** Every figure of one engine, by measure. */
async function measureEngine(engine: Engine): Promise<Map<keyof typeof MEASURES, Cell>> {
  try {
    const baseUrl = await startBenchApi(engine);
    console.log(`bookings on ${engine}: logging in ${PAYERS + RACERS + WARMUP} students…`);
    const payers = await logInStudents(baseUrl, 1, PAYERS);
    const racers = await logInStudents(baseUrl, PAYERS + 1, RACERS);
    if (WARMUP > 0) await bookAndPay(baseUrl, await logInStudents(baseUrl, PAYERS + RACERS + 1, WARMUP), 1);
    const { booking, paying, tally } = await bookAndPay(baseUrl, payers, ROUNDS);
    const race = await lastSeat(baseUrl, racers);
    const exact =
      tally.seatsTaken === BOOKINGS &&
      tally.paidBookings === BOOKINGS &&
      tally.liveBookings === BOOKINGS &&
      tally.payments === BOOKINGS &&
      tally.invoices === BOOKINGS &&
      tally.invoicesGapFree;
    const raceExact =
      race.won === 1 &&
      race.full === RACERS - 1 &&
      race.tally.liveBookings === 1 &&
      race.tally.seatsTaken === race.tally.capacity;
    const otherText = [...race.others].map(([key, n]) => `${n} × ${key}`).join(', ');
    const serial = engine === 'pglite';
    return new Map<keyof typeof MEASURES, Cell>([
      ['bookings', { text: perSecond(booking) }],
      ['bookingLatency', { text: latency(booking) }],
      ['payments', { text: perSecond(paying) }],
      ['paymentLatency', { text: latency(paying) }],
      [
        'exact',
        {
          text: `${count(tally.paidBookings)} / ${count(tally.payments)} / ${count(tally.invoices)}, ${tally.invoicesGapFree ? 'gap-free' : 'GAPS'}`,
          met: exact,
        },
      ],
      [
        'race',
        {
          text: `${race.won} / ${race.full} / ${otherText || 0}${race.tally.seatsTaken === race.tally.capacity ? '' : ', seats WRONG'}`,
          met: raceExact,
        },
      ],
      ['raceWall', { text: ms(race.wallMs) }],
      ['raceConcurrent', { text: serial ? 'no: one transaction at a time' : 'yes' }],
    ]);
  } finally {
    await cleanUp();
  }
}

export async function bookingsBench(engines: readonly Engine[]): Promise<BenchRow[]> {
  if (PAYERS + RACERS + WARMUP > BENCH_STUDENTS) {
    throw new Error(
      `BENCH_PAYERS + BENCH_RACERS + BENCH_BOOKING_WARMUP must be at most the ${BENCH_STUDENTS} bench students`,
    );
  }
  const byEngine = new Map<Engine, Map<keyof typeof MEASURES, Cell>>();
  for (const engine of engines) byEngine.set(engine, await measureEngine(engine));
  // the keys of MEASURES, which Object.keys types as plain strings
  return (Object.keys(MEASURES) as (keyof typeof MEASURES)[]).map((measure) => {
    const cells = ENGINES.map((engine) => byEngine.get(engine)?.get(measure));
    const verdicts = cells.flatMap((cell) => (cell?.met === undefined ? [] : [cell.met]));
    return {
      section: SECTION,
      measure: MEASURES[measure],
      pglite: cells[0]?.text,
      postgres: cells[1]?.text,
      target: TARGETS[measure],
      met: verdicts.length ? verdicts.every(Boolean) : undefined,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engines = (await postgresReachable()) ? ENGINES : (['pglite'] as const);
  printTable(await bookingsBench(engines));
}
