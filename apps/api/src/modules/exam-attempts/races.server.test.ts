import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptQuestions, examAttempts } from '../../db/schema/index.ts';
import { readyExam } from '../../test/exam-bank.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf } from '../certificates/index.ts';
import { sweepDueAttempts } from './sweep.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
});
afterAll(async () => {
  await t.close();
});

const RACERS = 20;

function start(bookingId: number, key = randomUUID()) {
  return t.call({
    method: 'POST',
    url: '/api/exam-attempts',
    token: student,
    payload: { bookingId },
    headers: { 'idempotency-key': key },
  });
}

describe('parallel starts', () => {
  it('makes one attempt of 20 starts of one booking at once (different keys): one 201, the rest 200 with it', async () => {
    const { booking } = await readyExam(t, { questionCount: 5, bankSize: 10 });
    const responses = await Promise.all(Array.from({ length: RACERS }, () => start(booking.id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RACERS - 1);
    const ids = new Set(responses.map((response) => response.json().id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    const drawn = await t.db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, id));
    expect(drawn).toHaveLength(5);
    // Every answer saw the same questions in the same order.
    const orders = new Set(responses.map((response) => JSON.stringify(response.json().questions)));
    expect(orders.size).toBe(1);
  });

  it('makes one attempt of 20 identical starts with one key', async () => {
    const { booking } = await readyExam(t, { questionCount: 5, bankSize: 10 });
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: RACERS }, () => start(booking.id, key)));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(responses.every((response) => response.statusCode < 300)).toBe(true);
  });
});

describe('answers racing the submission', () => {
  it('counts every acknowledged answer, refuses the rest with EXAM_FINISHED, never a 500', async () => {
    const { booking, bank } = await readyExam(t, { questionCount: 10, bankSize: 10 });
    const view = (await start(booking.id)).json();
    const answers = view.questions.map((question: { id: number }) =>
      t.call({
        method: 'PUT',
        url: `/api/exam-attempts/${view.id}/answers/${question.id}`,
        token: student,
        payload: { answerId: bank.correctOf.get(question.id) },
      }),
    );
    const submitted = t.call({
      method: 'POST',
      url: `/api/exam-attempts/${view.id}/submit`,
      token: student,
      headers: { 'idempotency-key': randomUUID() },
    });
    const [outcome, ...saved] = await Promise.all([submitted, ...answers]);
    const acknowledged = saved.filter((response) => response.statusCode === 200).length;
    for (const response of saved) {
      if (response.statusCode !== 200) expect(response.json().code).toBe('EXAM_FINISHED');
    }
    expect(outcome?.statusCode).toBe(200);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, view.id));
    expect(row?.correctCount).toBe(acknowledged);
  });

  it('two sweeps at once submit each due attempt once', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) {
      const { booking } = await readyExam(t, { questionCount: 2, bankSize: 4 });
      const view = (await start(booking.id)).json();
      ids.push(view.id);
      await t.db
        .update(examAttempts)
        .set({ startedAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 1000) })
        .where(eq(examAttempts.id, view.id));
    }
    const [one, two] = await Promise.all([
      sweepDueAttempts(t.db, certificateIssuerOf(t.app.deps)),
      sweepDueAttempts(t.db, certificateIssuerOf(t.app.deps)),
    ]);
    expect((one ?? 0) + (two ?? 0)).toBeGreaterThanOrEqual(3);
    for (const id of ids) {
      const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, id));
      expect(row).toMatchObject({ status: 'submitted', submittedBy: 'deadline' });
    }
  });
});
