import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, examProctorActions } from '../../db/schema/index.ts';
import {
  completeCheckin,
  courseIdOf,
  insertBank,
  insertExamBooking,
  insertExamSession,
  newStudentLogin,
  setExam,
} from '../../test/exam-bank.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** The exam's duration here, and the cap of extra time by default (EXAM_EXTRA_TIME_MAX_MINUTES). */
const DURATION_MINUTES = 60;
const CAP_MINUTES = 60;
const MINUTE = 60_000;

let t: TestApp;
let branchAdmin: string;
let courseId: number;
/** The course's exam set to three questions of a bank of five, `DURATION_MINUTES` long. */
async function readyCourse(app: TestApp) {
  await setExam(app.db, courseId, { questionCount: 3, durationMinutes: DURATION_MINUTES });
  await insertBank(app.db, { courseId, language: 'en', size: 5 });
}

beforeAll(async () => {
  t = await buildTestApp();
  branchAdmin = (await t.loginAs('branch admin')).token;
  courseId = await courseIdOf(t.db);
  await readyCourse(t);
});
afterAll(async () => {
  await t.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });

/** A Remote exam session of the branch admin's branch that began `minutesAgo` and lasts `minutes`. */
function sessionOf(minutesAgo: number, minutes: number) {
  return insertExamSession(t.db, t, {
    courseId,
    startsAt: new Date(Date.now() - minutesAgo * MINUTE),
    minutes,
  });
}

/** A new candidate's checked-in seat in the session, and the attempt it starts now. */
async function startIn(app: TestApp, sessionId: number) {
  const candidate = await newStudentLogin(app);
  const booking = await insertExamBooking(app.db, { sessionId, studentId: candidate.studentId });
  await completeCheckin(app.db, booking.id);
  const started = await app.call({
    method: 'POST',
    url: '/api/exam-attempts',
    token: candidate.token,
    payload: { bookingId: booking.id },
    headers: key(),
  });
  expect(started.statusCode).toBe(201);
  return started.json<{ id: number; startedAt: string; endsAt: string; secondsLeft: number }>();
}

function grant(attemptId: number, minutes: number, lang?: 'en' | 'ar') {
  return t.call({
    method: 'POST',
    url: `/api/exam-attempts/${attemptId}/extra-time`,
    token: branchAdmin,
    lang,
    payload: { minutes, reason: 'The hall lost power' },
    headers: key(),
  });
}

/** What the live view says of an attempt's extra time. */
async function extraOf(sessionId: number, attemptId: number) {
  const live = await t.call({
    method: 'GET',
    url: `/api/exam-sessions/${sessionId}/live`,
    token: branchAdmin,
  });
  expect(live.statusCode).toBe(200);
  const seat = live
    .json<{
      candidates: { attempt: { id: number; extraSeconds: number; extraMinutesGrantable: number } | null }[];
    }>()
    .candidates.find((candidate) => candidate.attempt?.id === attemptId);
  return { extraSeconds: seat?.attempt?.extraSeconds, grantable: seat?.attempt?.extraMinutesGrantable };
}

async function endsAtOf(attemptId: number): Promise<number | undefined> {
  const [row] = await t.db
    .select({ endsAt: examAttempts.endsAt })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId));
  return row?.endsAt.getTime();
}

describe("an attempt's clock", () => {
  it('runs the exam’s duration from a start early in the session', async () => {
    const session = await sessionOf(5, 180);
    const attempt = await startIn(t, session.id);
    expect(Date.parse(attempt.endsAt) - Date.parse(attempt.startedAt)).toBe(DURATION_MINUTES * MINUTE);
  });

  it('gives a start late in the session the time that is left: it ends with the session', async () => {
    const session = await sessionOf(50, 60);
    const attempt = await startIn(t, session.id);
    expect(Date.parse(attempt.endsAt)).toBe(session.endsAt.getTime());
    expect(attempt.secondsLeft).toBeLessThanOrEqual(10 * 60);
  });
});

describe('extra time', () => {
  it('is given up to 60 minutes in all, then refused with 409 EXTRA_TIME_LIMIT saying how many are left', async () => {
    const session = await sessionOf(5, 180);
    const attempt = await startIn(t, session.id);
    const firstEnd = Date.parse(attempt.endsAt);
    expect(await extraOf(session.id, attempt.id)).toEqual({ extraSeconds: 0, grantable: CAP_MINUTES });

    const forty = await grant(attempt.id, 40);
    expect(forty.statusCode).toBe(200);
    expect(Date.parse(forty.json().endsAt)).toBe(firstEnd + 40 * MINUTE);
    expect(await extraOf(session.id, attempt.id)).toEqual({ extraSeconds: 40 * 60, grantable: 20 });

    const tooMuch = await grant(attempt.id, 21);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'EXTRA_TIME_LIMIT',
      params: { minutes: 20 },
      message: 'Extra time is limited: this attempt can be given at most 20 more minutes.',
    });
    const inArabic = await grant(attempt.id, 21, 'ar');
    expect(inArabic.json().message).toBe(
      'الوقت الإضافي محدود: يمكن منح هذه المحاولة 20 دقيقة إضافية كحد أقصى.',
    );
    expect(await endsAtOf(attempt.id)).toBe(firstEnd + 40 * MINUTE);

    expect((await grant(attempt.id, 20)).statusCode).toBe(200);
    const spent = await grant(attempt.id, 1);
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toMatchObject({ code: 'EXTRA_TIME_LIMIT', params: { minutes: 0 } });
    expect(await endsAtOf(attempt.id)).toBe(firstEnd + CAP_MINUTES * MINUTE);
    expect(await extraOf(session.id, attempt.id)).toEqual({ extraSeconds: CAP_MINUTES * 60, grantable: 0 });
    const actions = await t.db
      .select()
      .from(examProctorActions)
      .where(eq(examProctorActions.attemptId, attempt.id));
    expect(actions.map((action) => action.extraSeconds)).toEqual([40 * 60, 20 * 60]);
  });

  it("never takes an attempt past its session's end by more than the cap", async () => {
    const session = await sessionOf(50, 60);
    const attempt = await startIn(t, session.id);
    expect((await grant(attempt.id, CAP_MINUTES)).statusCode).toBe(200);
    expect(await endsAtOf(attempt.id)).toBe(session.endsAt.getTime() + CAP_MINUTES * MINUTE);
    expect((await grant(attempt.id, 1)).statusCode).toBe(409);

    // An attempt whose clock already runs 50 minutes past its session's end (started before the cap
    // existed) may be given 10 more, not 60.
    const older = await startIn(t, session.id);
    await t.db
      .update(examAttempts)
      .set({ endsAt: new Date(session.endsAt.getTime() + 50 * MINUTE) })
      .where(eq(examAttempts.id, older.id));
    expect((await extraOf(session.id, older.id)).grantable).toBe(10);
    const refused = await grant(older.id, 11);
    expect(refused.json()).toMatchObject({ code: 'EXTRA_TIME_LIMIT', params: { minutes: 10 } });
    expect((await grant(older.id, 10)).statusCode).toBe(200);
    expect(await endsAtOf(older.id)).toBe(session.endsAt.getTime() + CAP_MINUTES * MINUTE);
  });

  it('stays counted after a restart: the new clock ends by the session’s end plus what was given', async () => {
    const session = await sessionOf(50, 60);
    const attempt = await startIn(t, session.id);
    expect((await grant(attempt.id, 30)).statusCode).toBe(200);
    const restarted = await t.call({
      method: 'POST',
      url: `/api/exam-attempts/${attempt.id}/restart`,
      token: branchAdmin,
      payload: { reason: 'Wrong language' },
      headers: key(),
    });
    expect(restarted.statusCode).toBe(200);
    expect(Date.parse(restarted.json().endsAt)).toBe(session.endsAt.getTime() + 30 * MINUTE);
    expect(await extraOf(session.id, attempt.id)).toEqual({ extraSeconds: 30 * 60, grantable: 30 });
    expect((await grant(attempt.id, 31)).statusCode).toBe(409);
  });

  it('follows EXAM_EXTRA_TIME_MAX_MINUTES', async () => {
    const strict = await buildTestApp({ env: { EXAM_EXTRA_TIME_MAX_MINUTES: '15' } });
    try {
      const admin = (await strict.loginAs('branch admin')).token;
      await readyCourse(strict);
      const session = await insertExamSession(strict.db, strict, { courseId, minutes: 180 });
      const attempt = await startIn(strict, session.id);
      const send = (minutes: number) =>
        strict.call({
          method: 'POST',
          url: `/api/exam-attempts/${attempt.id}/extra-time`,
          token: admin,
          payload: { minutes, reason: 'Medical' },
          headers: key(),
        });
      expect((await send(16)).json()).toMatchObject({ code: 'EXTRA_TIME_LIMIT', params: { minutes: 15 } });
      expect((await send(15)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
