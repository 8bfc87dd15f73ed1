import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.ts';
import { insertSession, insertStudents, seatsTakenOf } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sweepExpiredHolds } from './hold-expiry.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let teller: string;
beforeAll(async () => {
  t = await buildTestApp();
  teller = (await t.loginAs('Teller')).token;
});
afterAll(async () => {
  await t.close();
});

const RACERS = 200;

describe('the last seat', () => {
  it('gives the last seat to exactly one of 200 students booked at once; 199 get SESSION_FULL', async () => {
    const session = await insertSession(t, { capacity: 5, seatsTaken: 4 });
    const racers = await insertStudents(t, RACERS);
    const responses = await Promise.all(
      racers.map((student) =>
        t.call({
          method: 'POST',
          url: '/api/bookings',
          token: teller,
          payload: { sessionId: session.id, studentId: student.id },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const answers = responses.map((response) =>
      response.statusCode === 201 ? '201' : `${response.statusCode} ${response.json().code}`,
    );
    expect(answers.filter((answer) => answer === '201')).toHaveLength(1);
    expect(answers.filter((answer) => answer === '409 SESSION_FULL')).toHaveLength(RACERS - 1);
    expect(await seatsTakenOf(t, session.id)).toBe(5);
  });

  it('makes one booking of 50 identical requests with one key', async () => {
    const session = await insertSession(t, { capacity: 5 });
    const [student] = await insertStudents(t, 1);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call({
          method: 'POST',
          url: '/api/bookings',
          token: teller,
          payload: { sessionId: session.id, studentId: student?.id },
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([201]));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(await seatsTakenOf(t, session.id)).toBe(1);
  });
});

describe('the hold sweep in many processes', () => {
  it('expires each hold once and gives each seat back once when sweeps run at the same time', async () => {
    const session = await insertSession(t, { capacity: 10 });
    for (const student of await insertStudents(t, 6)) {
      const response = await t.call({
        method: 'POST',
        url: '/api/bookings',
        token: teller,
        payload: { sessionId: session.id, studentId: student.id },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(response.statusCode).toBe(201);
    }
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.sessionId, session.id));
    const swept = await Promise.all(Array.from({ length: 4 }, () => sweepExpiredHolds(t.db)));
    expect(swept.reduce((sum, n) => sum + n, 0)).toBe(6);
    expect(await seatsTakenOf(t, session.id)).toBe(0);
  });
});
