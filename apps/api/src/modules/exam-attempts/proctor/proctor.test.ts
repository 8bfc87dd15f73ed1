import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, certificates, examAttempts, examProctorActions } from '../../../db/schema/index.ts';
import {
  completeCheckin,
  insertBank,
  insertExamBooking,
  insertExamSession,
  newStudentLogin,
  openExaminerSession,
  setExam,
} from '../../../test/exam-bank.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let examiner: string;
let branchAdmin: string;
let superAdmin: string;
let teller: string;
let cfo: string;
let corporate: string;
let student: string;
let open: Awaited<ReturnType<typeof openExaminerSession>>;
let correctOf: Map<number, number>;
beforeAll(async () => {
  t = await buildTestApp();
  examiner = (await t.loginAs('Examiner')).token;
  branchAdmin = (await t.loginAs('branch admin')).token;
  superAdmin = (await t.loginAs('super admin')).token;
  teller = (await t.loginAs('Teller')).token;
  cfo = (await t.loginAs('CFO')).token;
  corporate = (await t.loginAs('corporate')).token;
  student = (await t.loginAs('student')).token;
  open = await openExaminerSession(t.db);
  await setExam(t.db, open.session.courseId, { questionCount: 3 });
  correctOf = (
    await insertBank(t.db, {
      courseId: open.session.courseId,
      language: open.session.language as 'en',
      size: 5,
    })
  ).correctOf;
});
afterAll(async () => {
  await t.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });

/** A new candidate with a checked-in seat in the examiner's open session, and its started attempt. */
async function sitting() {
  const candidate = await newStudentLogin(t);
  const booking = await insertExamBooking(t.db, {
    sessionId: open.session.id,
    studentId: candidate.studentId,
  });
  await completeCheckin(t.db, booking.id, false);
  const started = await t.call({
    method: 'POST',
    url: '/api/exam-attempts',
    token: candidate.token,
    payload: { bookingId: booking.id },
    headers: key(),
  });
  expect(started.statusCode).toBe(201);
  return { candidate, booking, attempt: started.json() };
}

function post(url: string, token: string | undefined, payload: unknown, withKey = true) {
  return t.call({ method: 'POST', url, token, payload: payload as object, headers: withKey ? key() : {} });
}

describe('the live view', () => {
  it("shows the examiner every candidate's check-in, progress and time left, with the server's clock", async () => {
    const { booking, attempt, candidate } = await sitting();
    const [question] = attempt.questions;
    await t.call({
      method: 'PUT',
      url: `/api/exam-attempts/${attempt.id}/answers/${question.id}`,
      token: candidate.token,
      payload: { answerId: question.answers[0].id },
    });
    const waiting = await insertExamBooking(t.db, {
      sessionId: open.session.id,
      studentId: (await newStudentLogin(t)).studentId,
    });
    const live = await t.call({
      method: 'GET',
      url: `/api/exam-sessions/${open.session.id}/live`,
      token: examiner,
    });
    expect(live.statusCode).toBe(200);
    const body = live.json();
    expect(Date.parse(body.serverNow)).toBeGreaterThan(0);
    expect(body.session).toMatchObject({ id: open.session.id, delivery: open.session.delivery });
    const sat = body.candidates.find((row: { bookingId: number }) => row.bookingId === booking.id);
    expect(sat).toMatchObject({
      studentId: candidate.studentId,
      bookingStatus: 'Booked',
      checkin: { complete: true, idNumberChecked: true, photos: ['live'], admitted: false },
      attempt: { id: attempt.id, status: 'in_progress', answered: 1, total: 3, extraSeconds: 0 },
    });
    expect(sat.attempt.secondsLeft).toBeGreaterThan(0);
    const idle = body.candidates.find((row: { bookingId: number }) => row.bookingId === waiting.id);
    expect(idle).toMatchObject({ checkin: { complete: false }, attempt: null });
    expect(JSON.stringify(body)).not.toMatch(/correct/i);
    // What the examiner may do, by the exam-attempts policy: act on the attempt in progress, admit the one not checked in.
    expect(sat.abilities).toEqual({ admit: false, markAttended: true, markAbsent: false });
    expect(sat.attempt.abilities).toEqual({
      extraTime: true,
      stop: true,
      restart: true,
      practicalScore: false,
    });
    expect(idle.abilities).toEqual({ admit: true, markAttended: true, markAbsent: true });
    // A teller (read on scheduling, not edit) watches the session but may do nothing to it.
    const watched = await t.call({
      method: 'GET',
      url: `/api/exam-sessions/${open.session.id}/live`,
      token: teller,
    });
    expect(watched.statusCode).toBe(200);
    const seen = watched.json().candidates.find((row: { bookingId: number }) => row.bookingId === booking.id);
    expect(seen.abilities).toEqual({ admit: false, markAttended: false, markAbsent: false });
    expect(seen.attempt.abilities).toEqual({
      extraTime: false,
      stop: false,
      restart: false,
      practicalScore: false,
    });

    // The branch's admin (edit on scheduling) and a super admin see it too; the CFO (no scheduling), a corporate, a student do not.
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live`, token: branchAdmin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live`, token: superAdmin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live`, token: cfo }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live`, token: corporate }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live`, token: student }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live` })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/exam-sessions/999999/live', token: examiner })).statusCode,
    ).toBe(404);
    // The examiner reads the attempt itself too.
    const read = await t.call({ method: 'GET', url: `/api/exam-attempts/${attempt.id}`, token: examiner });
    expect(read.statusCode).toBe(200);
  });

  it("refuses the examiner another examiner's session and branch staff another branch's session", async () => {
    const jeddah = await insertExamSession(t.db, t, {
      courseId: open.session.courseId,
      branch: 'JED-01',
      language: open.session.language,
    });
    const riyadh = await insertExamSession(t.db, t, {
      courseId: open.session.courseId,
      language: open.session.language,
    });
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${riyadh.id}/live`, token: examiner }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${jeddah.id}/live`, token: branchAdmin }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${riyadh.id}/live`, token: branchAdmin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/exam-sessions/${jeddah.id}/live`, token: superAdmin }))
        .statusCode,
    ).toBe(200);

    const seat = await insertExamBooking(t.db, { sessionId: jeddah.id });
    await completeCheckin(t.db, seat.id);
    const started = await post('/api/exam-attempts', student, { bookingId: seat.id });
    expect(started.body).toContain('in_progress');
    const attempt = started.json();
    for (const token of [examiner, branchAdmin]) {
      expect(
        (await t.call({ method: 'GET', url: `/api/exam-attempts/${attempt.id}`, token })).statusCode,
      ).toBe(403);
      expect(
        (await post(`/api/exam-attempts/${attempt.id}/extra-time`, token, { minutes: 5, reason: 'x' }))
          .statusCode,
      ).toBe(403);
      expect((await post(`/api/exam-attempts/${attempt.id}/stop`, token, { reason: 'x' })).statusCode).toBe(
        403,
      );
      expect(
        (await post(`/api/exam-attempts/${attempt.id}/restart`, token, { reason: 'x' })).statusCode,
      ).toBe(403);
    }
    expect((await post(`/api/exam-attempts/${attempt.id}/stop`, student, { reason: 'x' })).statusCode).toBe(
      403,
    );
    expect((await post(`/api/exam-attempts/${attempt.id}/stop`, corporate, { reason: 'x' })).statusCode).toBe(
      403,
    );
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row?.status).toBe('in_progress');
  });
});

describe('proctor actions', () => {
  it('gives extra time: the deadline moves, the candidate sees it, the action is recorded with its reason', async () => {
    const { attempt, candidate } = await sitting();
    const before = Date.parse(attempt.endsAt);
    const noReason = await post(`/api/exam-attempts/${attempt.id}/extra-time`, examiner, {
      minutes: 10,
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await post(`/api/exam-attempts/${attempt.id}/extra-time`, examiner, { minutes: 0, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(`/api/exam-attempts/${attempt.id}/extra-time`, examiner, { minutes: 121, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          `/api/exam-attempts/${attempt.id}/extra-time`,
          examiner,
          { minutes: 10, reason: 'x' },
          false,
        )
      ).statusCode,
    ).toBe(400);
    const given = await post(`/api/exam-attempts/${attempt.id}/extra-time`, examiner, {
      minutes: 10,
      reason: 'Power cut in the hall',
    });
    expect(given.statusCode).toBe(200);
    expect(Date.parse(given.json().endsAt)).toBe(before + 600_000);
    const seen = (
      await t.call({ method: 'GET', url: `/api/exam-attempts/${attempt.id}`, token: candidate.token })
    ).json();
    expect(seen.endsAt).toBe(given.json().endsAt);
    expect(seen.secondsLeft).toBeGreaterThan(attempt.secondsLeft + 500);
    const [action] = await t.db
      .select()
      .from(examProctorActions)
      .where(eq(examProctorActions.attemptId, attempt.id));
    expect(action).toMatchObject({
      action: 'extra-time',
      reason: 'Power cut in the hall',
      extraSeconds: 600,
    });
    const live = (
      await t.call({ method: 'GET', url: `/api/exam-sessions/${open.session.id}/live`, token: examiner })
    ).json();
    expect(
      live.candidates.find((row: { attempt: { id: number } | null }) => row.attempt?.id === attempt.id)
        .attempt.extraSeconds,
    ).toBe(600);
  });

  it('restarts: a new draw, the answers cleared, a new clock', async () => {
    const { attempt, candidate } = await sitting();
    for (const question of attempt.questions) {
      await t.call({
        method: 'PUT',
        url: `/api/exam-attempts/${attempt.id}/answers/${question.id}`,
        token: candidate.token,
        payload: { answerId: question.answers[0].id },
      });
    }
    await t.db
      .update(examAttempts)
      .set({ startedAt: new Date(Date.now() - 20 * 60_000), endsAt: new Date(Date.now() + 60_000) })
      .where(eq(examAttempts.id, attempt.id));
    const restarted = await post(`/api/exam-attempts/${attempt.id}/restart`, examiner, {
      reason: 'Wrong language',
    });
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().id).toBe(attempt.id);
    const seen = (
      await t.call({ method: 'GET', url: `/api/exam-attempts/${attempt.id}`, token: candidate.token })
    ).json();
    expect(seen.answers).toEqual({});
    expect(seen.questions).toHaveLength(3);
    expect(seen.secondsLeft).toBeGreaterThan(40 * 60);
    const [action] = await t.db
      .select()
      .from(examProctorActions)
      .where(eq(examProctorActions.attemptId, attempt.id));
    expect(action).toMatchObject({ action: 'restart', reason: 'Wrong language' });
  });

  it('stops an attempt: submitted by the proctor with its outcome; a stopped attempt cannot be restarted', async () => {
    const { attempt, candidate } = await sitting();
    for (const question of attempt.questions) {
      await t.call({
        method: 'PUT',
        url: `/api/exam-attempts/${attempt.id}/answers/${question.id}`,
        token: candidate.token,
        payload: { answerId: correctOf.get(question.id) },
      });
    }
    const stopped = await post(`/api/exam-attempts/${attempt.id}/stop`, branchAdmin, {
      reason: 'Seen using a phone',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ score: 100, result: 'Passed' });
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'submitted', submittedBy: 'proctor' });
    const again = await post(`/api/exam-attempts/${attempt.id}/restart`, examiner, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ATTEMPT_NOT_IN_PROGRESS');
    const answerAfter = await t.call({
      method: 'PUT',
      url: `/api/exam-attempts/${attempt.id}/answers/${attempt.questions[0].id}`,
      token: candidate.token,
      payload: { answerId: attempt.questions[0].answers[0].id },
    });
    expect(answerAfter.json().code).toBe('EXAM_FINISHED');
  });

  it('admits a candidate whose check-in is incomplete, who may then start', async () => {
    const candidate = await newStudentLogin(t);
    const booking = await insertExamBooking(t.db, {
      sessionId: open.session.id,
      studentId: candidate.studentId,
    });
    const refused = await post('/api/exam-attempts', candidate.token, { bookingId: booking.id });
    expect(refused.json().code).toBe('EXAM_CHECKIN_REQUIRED');
    const url = `/api/exam-sessions/${open.session.id}/bookings/${booking.id}/admit`;
    expect((await post(url, examiner, { reason: '' })).statusCode).toBe(400);
    expect((await post(url, teller, { reason: 'x' })).statusCode).toBe(403);
    const admitted = await post(url, examiner, { reason: 'Camera broken; ID checked by hand' });
    expect(admitted.statusCode).toBe(200);
    const [action] = await t.db
      .select()
      .from(examProctorActions)
      .where(eq(examProctorActions.bookingId, booking.id));
    expect(action).toMatchObject({
      action: 'admit',
      reason: 'Camera broken; ID checked by hand',
      attemptId: null,
    });
    const started = await post('/api/exam-attempts', candidate.token, { bookingId: booking.id });
    expect(started.statusCode).toBe(201);
    const wrongSession = await post(`/api/exam-sessions/${open.session.id}/bookings/999999/admit`, examiner, {
      reason: 'x',
    });
    expect(wrongSession.statusCode).toBe(404);
  });
});

describe('attendance and practical scores', () => {
  it('marks a seat Attended or Absent from the start; Absent is refused once the candidate sat', async () => {
    const absent = await insertExamBooking(t.db, {
      sessionId: open.session.id,
      studentId: (await newStudentLogin(t)).studentId,
    });
    const url = `/api/bookings/${absent.id}/attendance`;
    const put = (token: string, status: string, withKey = true) =>
      t.call({ method: 'PUT', url, token, payload: { status }, headers: withKey ? key() : {} });
    expect((await put(examiner, 'Absent', false)).statusCode).toBe(400);
    expect((await put(examiner, 'Passed')).statusCode).toBe(400);
    expect((await put(teller, 'Absent')).statusCode).toBe(403);
    expect((await put(student, 'Absent')).statusCode).toBe(403);
    const marked = await put(examiner, 'Absent');
    expect(marked.statusCode).toBe(200);
    const [row] = await t.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, absent.id));
    expect(row?.status).toBe('Absent');

    const { booking } = await sitting();
    const sat = await t.call({
      method: 'PUT',
      url: `/api/bookings/${booking.id}/attendance`,
      token: examiner,
      payload: { status: 'Absent' },
      headers: key(),
    });
    expect(sat.statusCode).toBe(409);

    const future = await insertExamSession(t.db, t, {
      courseId: open.session.courseId,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    const early = await insertExamBooking(t.db, { sessionId: future.id });
    const tooEarly = await t.call({
      method: 'PUT',
      url: `/api/bookings/${early.id}/attendance`,
      token: superAdmin,
      payload: { status: 'Attended' },
      headers: key(),
    });
    expect(tooEarly.statusCode).toBe(409);
  });

  it('waits for the practical score ("Score must be added"), then gives the result and the certificate', async () => {
    await setExam(t.db, open.session.courseId, { practicalMarks: 40, passingMarks: 60, failedMarks: 59 });
    try {
      const { attempt, candidate } = await sitting();
      for (const question of attempt.questions) {
        await t.call({
          method: 'PUT',
          url: `/api/exam-attempts/${attempt.id}/answers/${question.id}`,
          token: candidate.token,
          payload: { answerId: correctOf.get(question.id) },
        });
      }
      const submitted = await post(`/api/exam-attempts/${attempt.id}/submit`, candidate.token, undefined);
      expect(submitted.json()).toEqual({ score: null, result: null, certificateId: null });
      const [written] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
      expect(written?.writtenScore).toBe(60);
      expect(written?.decidedAt).toBeNull();

      const url = `/api/exam-attempts/${attempt.id}/practical-score`;
      const put = (payload: object, token = examiner) =>
        t.call({ method: 'PUT', url, token, payload, headers: key() });
      const missing = await put({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'SCORE_REQUIRED', message: 'Score must be added' });
      expect(
        (
          await t.call({ method: 'PUT', url, token: examiner, payload: {}, headers: key(), lang: 'ar' })
        ).json().message,
      ).toBe('يجب إدخال الدرجة');
      expect((await put({ score: 41 })).statusCode).toBe(400);
      expect((await put({ score: 10 }, candidate.token)).statusCode).toBe(403);
      const scored = await put({ score: 15.5 });
      expect(scored.statusCode).toBe(200);
      expect(scored.json()).toMatchObject({
        score: 75.5,
        result: 'Passed',
        certificateId: expect.any(Number),
      });
      // decided, and the certificate dated, when the practical score came in, not at the submission
      const [decided] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
      expect(decided?.decidedAt?.getTime()).toBeGreaterThan(decided?.submittedAt?.getTime() ?? Infinity);
      const [certificate] = await t.db
        .select()
        .from(certificates)
        .where(eq(certificates.id, scored.json().certificateId));
      expect(certificate?.issuedAt).toEqual(decided?.decidedAt);
      expect((await put({ score: 15.5 })).json()).toEqual(scored.json());
      expect((await put({ score: 20 })).statusCode).toBe(409);
    } finally {
      await setExam(t.db, open.session.courseId, { practicalMarks: null });
    }
  });
});
