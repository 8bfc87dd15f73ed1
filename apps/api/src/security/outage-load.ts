import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, demoEmailOf } from '../seed/demo-users.ts';
import { newStudentFields } from '../test/students.ts';

/** What the load sends: health checks, a list, logins, and writes (a new student, with an Idempotency-Key). */
export type RequestKind = 'health' | 'list' | 'login' | 'write';

/** One answer the load got (`reset`: the connection failed, no HTTP answer at all). */
export interface Answer {
  kind: RequestKind;
  startedAt: number;
  endedAt: number;
  status: number | 'reset';
  /** The error envelope's code, or `database down` for the health route's own 503. */
  code?: string;
  retryAfter?: string;
  /** A write's new student, when it was acknowledged (2xx). */
  studentId?: number;
}

/** A steady load on a real API process, until stopped; every answer is kept. */
export interface Load {
  answers: Answer[];
  /** The first answer from now on that `matches`, or undefined once `withinMs` has passed. */
  next(matches: (answer: Answer) => boolean, withinMs: number): Promise<Answer | undefined>;
  /** Lets each worker finish its request, then stops. */
  stop(): Promise<void>;
}

let written = 0;

/** A new student with login keys no seeded or earlier row has. */
function newStudent(branchId: number) {
  written++;
  const n = String(written).padStart(6, '0');
  return newStudentFields(branchId, {
    email: `outage.${n}@example.com`,
    mobile: `0584${n}`,
    idNumber: `OUT${n}`,
  });
}

/**
 * Starts `workers` loops, each sending the kinds of `mix` in turn to the API at `base`. A failed
 * request is followed by a 20 ms pause, as a client backs off, so an outage is not a busy loop.
 */
export function startLoad(options: {
  base: string;
  token: string;
  branchId: number;
  workers: number;
  mix: readonly RequestKind[];
}): Load {
  const { base, token, branchId, mix } = options;
  const answers: Answer[] = [];
  const waiters = new Set<(answer: Answer) => void>();
  let stopped = false;

  function request(kind: RequestKind): { url: string; init: RequestInit } {
    const auth = { authorization: `Bearer ${token}` };
    const json = { 'content-type': 'application/json' };
    switch (kind) {
      case 'health':
        return { url: '/api/health', init: {} };
      case 'list':
        return { url: '/api/students', init: { headers: auth } };
      case 'login':
        return {
          url: '/api/auth/login',
          init: {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ email: demoEmailOf('super admin'), password: DEMO_PASSWORD }),
          },
        };
      case 'write':
        return {
          url: '/api/students',
          init: {
            method: 'POST',
            headers: { ...auth, ...json, 'idempotency-key': randomUUID() },
            body: JSON.stringify(newStudent(branchId)),
          },
        };
    }
  }

  async function send(kind: RequestKind): Promise<Answer> {
    const { url, init } = request(kind);
    const startedAt = performance.now();
    try {
      const response = await fetch(`${base}${url}`, init);
      const body = (await response.json().catch(() => ({}))) as {
        code?: string;
        id?: number;
        database?: string;
      };
      return {
        kind,
        startedAt,
        endedAt: performance.now(),
        status: response.status,
        code: body.code ?? (body.database === 'down' ? 'database down' : undefined),
        retryAfter: response.headers.get('retry-after') ?? undefined,
        studentId: kind === 'write' && response.ok ? body.id : undefined,
      };
    } catch {
      return { kind, startedAt, endedAt: performance.now(), status: 'reset' };
    }
  }

  async function worker(offset: number) {
    for (let turn = offset; !stopped; turn++) {
      const kind = mix[turn % mix.length] ?? 'health';
      const answer = await send(kind);
      answers.push(answer);
      for (const waiter of waiters) waiter(answer);
      const ok = typeof answer.status === 'number' && answer.status < 400;
      if (!ok) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const running = Array.from({ length: options.workers }, (_, index) => worker(index));
  return {
    answers,
    next(matches, withinMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(undefined);
        }, withinMs);
        const waiter = (answer: Answer) => {
          if (!matches(answer)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(answer);
        };
        waiters.add(waiter);
      });
    },
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** The figures of a load: what failed, and how. */
export function tally(answers: readonly Answer[]) {
  const isServerError = (answer: Answer) => typeof answer.status === 'number' && answer.status >= 500;
  const unavailable = answers.filter((answer) => answer.status === 503);
  return {
    requests: answers.length,
    acknowledgedWrites: answers.filter((answer) => answer.studentId !== undefined).length,
    unavailable: unavailable.length,
    /** A 503 that does not say why (DATABASE_UNAVAILABLE, or health's `database: down`) or when to retry. */
    unavailableUnlabelled: unavailable.filter(
      (answer) =>
        !(
          answer.code === 'DATABASE_UNAVAILABLE' ||
          (answer.kind === 'health' && answer.code === 'database down')
        ) || !answer.retryAfter,
    ).length,
    otherServerErrors: answers.filter((answer) => isServerError(answer) && answer.status !== 503).length,
    resets: answers.filter((answer) => answer.status === 'reset').length,
  };
}

/** The students acknowledged as written (2xx). */
export function acknowledgedStudents(answers: readonly Answer[]): number[] {
  return answers.flatMap((answer) => (answer.studentId === undefined ? [] : [answer.studentId]));
}
