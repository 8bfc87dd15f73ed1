import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmailOf } from '../../seed/demo-users.ts';
import {
  completeCheckin,
  demoStudentIdOf,
  insertBank,
  insertExamBooking,
  openExaminerSession,
  setExam,
} from '../../test/exam-bank.ts';
import { freePort, type RealServer, serving, startRealServer } from '../../test/real-server.ts';

// A real server on the embedded database (PGlite in DATA_DIR), killed with SIGKILL right after it
// acknowledged answers, then started again on the same folder: every acknowledged answer is there.
// Slow (three starts of the real process), so it runs with the server suite.

const DEADLINE_MS = 180_000;
const QUESTIONS = 12;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-kill-'));

type Started = RealServer;
const started: Started[] = [];

async function start(): Promise<Started> {
  const server = startRealServer(await freePort(), { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' });
  started.push(server);
  await serving(server, Date.now() + DEADLINE_MS);
  return server;
}

afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The fields of the answers this test reads. */
interface Body {
  access_token: string;
  id: number;
  status: string;
  questions: { id: number; answers: { id: number }[] }[];
  answers: Record<string, number>;
}

async function call(
  server: Started,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'idempotency-key': crypto.randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function studentToken(server: Started): Promise<string> {
  const login = await call(server, 'POST', '/api/auth/login', undefined, {
    email: demoEmailOf('student'),
    password: DEMO_PASSWORD,
  });
  expect(login.status).toBe(200);
  return login.body.access_token;
}

describe('a server killed with kill -9 in the middle of an exam', () => {
  it('loses no answer it acknowledged', { timeout: DEADLINE_MS * 3 }, async () => {
    // 1. The first start migrates and seeds the folder; then the exam is set up in it directly.
    const first = await start();
    first.child.kill('SIGTERM');
    await first.exited;
    const database = await openDatabase({ dataDir });
    let bookingId: number;
    try {
      const { session } = await openExaminerSession(database.db);
      await setExam(database.db, session.courseId, { questionCount: QUESTIONS, durationMinutes: 60 });
      await insertBank(database.db, {
        courseId: session.courseId,
        language: session.language as 'en',
        size: QUESTIONS,
      });
      // The demo student has a paid seat in the open exam session (seed/demo-bookings.ts).
      const studentId = await demoStudentIdOf(database.db);
      const [seat] = await database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.sessionId, session.id), eq(bookings.studentId, studentId)));
      const booking = seat ?? (await insertExamBooking(database.db, { sessionId: session.id }));
      await database.db.update(bookings).set({ status: 'Booked' }).where(eq(bookings.id, booking.id));
      await completeCheckin(database.db, booking.id, session.delivery === 'remote');
      bookingId = booking.id;
    } finally {
      await database.close();
    }

    // 2. The candidate starts and answers; the process dies the moment the answers are acknowledged.
    const second = await start();
    const token = await studentToken(second);
    const attempt = await call(second, 'POST', '/api/exam-attempts', token, { bookingId });
    expect(attempt.status).toBe(201);
    const acknowledged = new Map<number, number>();
    const questions = attempt.body.questions;
    await Promise.all(
      questions.slice(0, QUESTIONS - 1).map(async (question, index) => {
        const answerId = question.answers[index % question.answers.length]?.id ?? 0;
        const saved = await call(
          second,
          'PUT',
          `/api/exam-attempts/${attempt.body.id}/answers/${question.id}`,
          token,
          {
            answerId,
          },
        );
        if (saved.status === 200) acknowledged.set(question.id, answerId);
      }),
    );
    const last = questions[QUESTIONS - 1];
    // One more answer in flight when the process dies: it may or may not have been kept.
    void call(second, 'PUT', `/api/exam-attempts/${attempt.body.id}/answers/${last?.id}`, token, {
      answerId: last?.answers[0]?.id,
    }).catch(() => undefined);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(acknowledged.size).toBe(QUESTIONS - 1);

    // 3. Started again on the same folder: the attempt resumes with every acknowledged answer.
    const third = await start();
    const again = await call(
      third,
      'GET',
      `/api/exam-attempts/${attempt.body.id}`,
      await studentToken(third),
    );
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('in_progress');
    for (const [questionId, answerId] of acknowledged) {
      expect(again.body.answers[String(questionId)]).toBe(answerId);
    }
  });
});
