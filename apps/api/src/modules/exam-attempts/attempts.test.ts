import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptQuestions,
  bookings,
  certificates,
  examAttempts,
  examCheckins,
  examQuestionStats,
  examResultStats,
  studentFingerprints,
} from '../../db/schema/index.ts';
import {
  courseIdOf,
  demoStudentIdOf,
  insertExamBooking,
  insertExamSession,
  readyExam,
  setExam,
} from '../../test/exam-bank.ts';
import { jobsOf, jobsSettled, makeDueNow } from '../../test/jobs.ts';
import { insertStudents } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf } from '../certificates/index.ts';
import { ATTEMPT_DEADLINE } from './jobs.ts';
import { sweepDueAttempts } from './sweep.ts';

let t: TestApp;
let student: string;
let corporate: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  corporate = (await t.loginAs('corporate')).token;
});
afterAll(async () => {
  await t.close();
});

interface View {
  id: number;
  status: string;
  endsAt: string;
  serverNow: string;
  secondsLeft: number;
  direction: string;
  questions: { id: number; text: string; imageUrl: string | null; answers: { id: number; text: string }[] }[];
  answers: Record<string, number>;
  outcome: null | { score: number | null; result: string | null; certificateId: number | null };
}

const key = () => ({ 'idempotency-key': randomUUID() });

function start(bookingId: number, token = student, extra: Record<string, unknown> = {}) {
  return t.call({
    method: 'POST',
    url: '/api/exam-attempts',
    token,
    payload: { bookingId, ...extra },
    headers: key(),
  });
}

function answer(attemptId: number, questionId: number, answerId: number, token = student) {
  return t.call({
    method: 'PUT',
    url: `/api/exam-attempts/${attemptId}/answers/${questionId}`,
    token,
    payload: { answerId },
  });
}

function submit(attemptId: number, token = student) {
  return t.call({ method: 'POST', url: `/api/exam-attempts/${attemptId}/submit`, token, headers: key() });
}

/** Moves an attempt's clock into the past: its deadline `secondsAgo` behind the server's now. */
async function pastDeadline(attemptId: number, secondsAgo = 1) {
  const endsAt = new Date(Date.now() - secondsAgo * 1000);
  await t.db
    .update(examAttempts)
    .set({ startedAt: new Date(endsAt.getTime() - 3_600_000), endsAt })
    .where(eq(examAttempts.id, attemptId));
}

describe('a full sitting', () => {
  it('starts once, saves every answer, submits to a pass with a certificate, and never tells which answer is correct before', async () => {
    const { booking, bank } = await readyExam(t, { questionCount: 5, bankSize: 8 });
    const bodies: string[] = [];
    const first = await start(booking.id);
    bodies.push(first.body);
    expect(first.statusCode).toBe(201);
    const view = first.json<View>();
    expect(view.status).toBe('in_progress');
    expect(view.questions).toHaveLength(5);
    expect(new Set(view.questions.map((question) => question.id)).size).toBe(5);
    expect(view.direction).toBe('ltr');
    expect(view.secondsLeft).toBeGreaterThan(5 * 60 - 10);
    expect(view.outcome).toBeNull();
    for (const question of view.questions) {
      expect(question.answers).toHaveLength(4);
      for (const offered of question.answers)
        expect(Object.keys(offered).sort()).toEqual(['audioUrl', 'id', 'text']);
    }

    const again = await start(booking.id);
    bodies.push(again.body);
    expect(again.statusCode).toBe(200);
    expect(again.json<View>().id).toBe(view.id);

    for (const question of view.questions) {
      const correct = bank.correctOf.get(question.id);
      expect(correct).toBeDefined();
      const saved = await answer(view.id, question.id, correct ?? 0);
      bodies.push(saved.body);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ questionId: question.id, answerId: correct });
    }
    const resumed = await t.call({ method: 'GET', url: `/api/exam-attempts/${view.id}`, token: student });
    bodies.push(resumed.body);
    const byBooking = await t.call({
      method: 'GET',
      url: `/api/exam-attempts/by-booking/${booking.id}`,
      token: student,
    });
    bodies.push(byBooking.body);
    expect(resumed.json<View>().answers).toEqual(
      Object.fromEntries(
        view.questions.map((question) => [String(question.id), bank.correctOf.get(question.id)]),
      ),
    );
    expect(byBooking.json<View>().id).toBe(view.id);
    // The answers' order is the same on every read (stored with the attempt).
    expect(resumed.json<View>().questions).toEqual(view.questions);
    const early = await t.call({
      method: 'GET',
      url: `/api/exam-attempts/${view.id}/review`,
      token: student,
    });
    bodies.push(early.body);
    expect(early.statusCode).toBe(409);

    for (const body of bodies) expect(body).not.toMatch(/correct/i);

    const submitted = await submit(view.id);
    expect(submitted.statusCode).toBe(200);
    const outcome = submitted.json();
    expect(outcome).toMatchObject({ score: 100, result: 'Passed' });
    expect(outcome.certificateId).toEqual(expect.any(Number));
    const twice = await submit(view.id);
    expect(twice.json()).toEqual(outcome);

    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.attemptId, view.id));
    expect(certificate?.id).toBe(outcome.certificateId);
    const [seat] = await t.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(seat?.status).toBe('Attended');
    const after = await t.call({ method: 'GET', url: `/api/exam-attempts/${view.id}`, token: student });
    expect(after.json<View>()).toMatchObject({ status: 'submitted', secondsLeft: 0, outcome });
    const late = await answer(
      view.id,
      view.questions[0]?.id ?? 0,
      bank.correctOf.get(view.questions[0]?.id ?? 0) ?? 0,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('EXAM_FINISHED');
    const restart = await start(booking.id);
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toMatchObject({ code: 'EXAM_FINISHED', message: 'This exam is finished' });
  });

  it('scores a fail, counts each question drawn and wrong, and the result per course, language and form', async () => {
    const { booking, bank, courseId } = await readyExam(t, {
      questionCount: 4,
      bankSize: 4,
      session: { examType: 'ReAssessment' },
    });
    const view = (await start(booking.id)).json<View>();
    const [first, ...rest] = view.questions;
    if (!first) throw new Error('no question');
    await answer(view.id, first.id, bank.correctOf.get(first.id) ?? 0);
    for (const question of rest.slice(0, 2)) {
      const wrong = question.answers.find((offered) => offered.id !== bank.correctOf.get(question.id));
      await answer(view.id, question.id, wrong?.id ?? 0);
    }
    // Counted on today's Riyadh day.
    const today = centreDay(new Date());
    const before = await t.db.select().from(examQuestionStats).where(eq(examQuestionStats.day, today));
    const resultRow = () =>
      t.db
        .select()
        .from(examResultStats)
        .where(
          and(
            eq(examResultStats.day, today),
            eq(examResultStats.courseId, courseId),
            eq(examResultStats.language, 'en'),
            eq(examResultStats.examType, 'ReAssessment'),
          ),
        )
        .then((rows) => rows[0]);
    // The demo seed's own sittings are counted there too.
    const resultBefore = await resultRow();
    const outcome = (await submit(view.id)).json();
    expect(outcome).toEqual({ score: 25, result: 'Failed', certificateId: null });
    const stats = await t.db.select().from(examQuestionStats).where(eq(examQuestionStats.day, today));
    const drawnBefore = new Map(before.map((row) => [row.questionId, row]));
    for (const question of view.questions) {
      const row = stats.find((stat) => stat.questionId === question.id);
      const was = drawnBefore.get(question.id);
      expect(row?.drawn).toBe((was?.drawn ?? 0) + 1);
      expect(row?.wrong).toBe((was?.wrong ?? 0) + (question.id === first.id ? 0 : 1));
    }
    expect(await resultRow()).toMatchObject({
      failed: (resultBefore?.failed ?? 0) + 1,
      passed: resultBefore?.passed ?? 0,
    });
  });

  it('draws from the bank of another language when the candidate chooses it, right to left for Urdu', async () => {
    const { booking, courseId } = await readyExam(t, { questionCount: 3 });
    const { insertBank } = await import('../../test/exam-bank.ts');
    await insertBank(t.db, { courseId, language: 'ur', size: 3 });
    const response = await start(booking.id, student, { language: 'ur' });
    expect(response.statusCode).toBe(201);
    const view = response.json<View & { language: string }>();
    expect(view).toMatchObject({ language: 'ur', direction: 'rtl' });
    expect(view.questions[0]?.text).toContain('(ur)');
  });
});

describe('the clock', () => {
  it('says "Exam Not Started yet" before the session and "This exam is finished" after it', async () => {
    const courseId = await courseIdOf(t.db);
    await setExam(t.db, courseId, { questionCount: 5 });
    const { bank: _bank } = await readyExam(t, { questionCount: 5 });
    const early = await insertExamSession(t.db, t, { courseId, startsAt: new Date(Date.now() + 3_600_000) });
    const earlySeat = await insertExamBooking(t.db, { sessionId: early.id });
    const { completeCheckin } = await import('../../test/exam-bank.ts');
    await completeCheckin(t.db, earlySeat.id);
    const notYet = await start(earlySeat.id, student);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'EXAM_NOT_STARTED', message: 'Exam Not Started yet' });
    const arabic = await t.call({
      method: 'POST',
      url: '/api/exam-attempts',
      token: student,
      lang: 'ar',
      payload: { bookingId: earlySeat.id },
      headers: key(),
    });
    expect(arabic.json().message).toBe('لم يبدأ الاختبار بعد');

    const over = await insertExamSession(t.db, t, {
      courseId,
      startsAt: new Date(Date.now() - 3 * 3_600_000),
      minutes: 60,
    });
    const overSeat = await insertExamBooking(t.db, { sessionId: over.id });
    await completeCheckin(t.db, overSeat.id);
    const late = await start(overSeat.id, student);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'EXAM_FINISHED', message: 'This exam is finished' });
  });

  it('refuses an answer after the deadline and its deadline job submits the attempt with no browser', async () => {
    const { booking, bank } = await readyExam(t, { questionCount: 3 });
    const view = (await start(booking.id)).json<View>();
    // The start queued the attempt's deadline, due at its end.
    const [deadline] = (await jobsOf(t, ATTEMPT_DEADLINE)).filter((job) => job.data.attemptId === view.id);
    expect(deadline?.startAfter.toISOString()).toBe(view.endsAt);
    const [first, second] = view.questions;
    if (!first || !second) throw new Error('no questions');
    expect((await answer(view.id, first.id, bank.correctOf.get(first.id) ?? 0)).statusCode).toBe(200);
    await pastDeadline(view.id);
    const refused = await answer(view.id, second.id, bank.correctOf.get(second.id) ?? 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EXAM_FINISHED');
    const resumed = (
      await t.call({ method: 'GET', url: `/api/exam-attempts/${view.id}`, token: student })
    ).json<View>();
    expect(resumed.secondsLeft).toBe(0);
    expect(resumed.status).toBe('in_progress');

    // Its moment comes; the app's own runner submits it.
    await makeDueNow(t, ATTEMPT_DEADLINE);
    await jobsSettled(t, ATTEMPT_DEADLINE);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, view.id));
    expect(row).toMatchObject({ status: 'submitted', submittedBy: 'deadline', correctCount: 1 });
    expect(row?.score).toBeCloseTo(33.33, 2);
    expect(row?.result).toBe('Failed');
    expect(await sweepDueAttempts(t.db, certificateIssuerOf(t.app.deps))).toBe(0);
    const after = (
      await t.call({ method: 'GET', url: `/api/exam-attempts/${view.id}`, token: student })
    ).json<View>();
    expect(after.outcome).toMatchObject({ result: 'Failed' });
  });

  it('submits a sweep that runs late at the deadline, and dates the certificate of a pass by it', async () => {
    const { booking, bank } = await readyExam(t, { questionCount: 3 });
    const view = (await start(booking.id)).json<View>();
    for (const question of view.questions) {
      expect((await answer(view.id, question.id, bank.correctOf.get(question.id) ?? 0)).statusCode).toBe(200);
    }
    // The server was down: the time ran out two days ago.
    await pastDeadline(view.id, 2 * 86_400);
    const [due] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, view.id));
    expect(await sweepDueAttempts(t.db, certificateIssuerOf(t.app.deps))).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, view.id));
    expect(row).toMatchObject({ status: 'submitted', submittedBy: 'deadline', result: 'Passed' });
    expect(row?.submittedAt?.getTime()).toBe(due?.endsAt.getTime());
    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.attemptId, view.id));
    expect(certificate?.issuedAt.getTime()).toBe(due?.endsAt.getTime());
  });
});

describe('what the start refuses', () => {
  it("needs the check-in, a Booked seat, a ready bank, and the caller's own booking", async () => {
    const noCheckin = await readyExam(t, { checkin: false });
    const refused = await start(noCheckin.booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EXAM_CHECKIN_REQUIRED');

    const unpaid = await insertExamBooking(t.db, {
      sessionId: (await insertExamSession(t.db, t, { courseId: noCheckin.courseId })).id,
      status: 'Pending Payment',
    });
    const unpaidAnswer = await start(unpaid.id);
    expect(unpaidAnswer.statusCode).toBe(409);
    expect(unpaidAnswer.json().code).toBe('EXAM_NOT_SITTABLE');

    const small = await readyExam(t, { questionCount: 500, bankSize: 2 });
    const notReady = await start(small.booking.id);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().code).toBe('EXAM_NOT_READY');

    const [other] = await insertStudents(t, 1);
    const othersSeat = await insertExamBooking(t.db, {
      sessionId: noCheckin.session.id,
      studentId: other?.id,
    });
    expect((await start(othersSeat.id)).statusCode).toBe(404);
    expect((await start(999_999)).statusCode).toBe(404);
    expect((await start(noCheckin.booking.id, corporate)).statusCode).toBe(403);
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/exam-attempts',
      payload: { bookingId: noCheckin.booking.id },
      headers: key(),
    });
    expect(anonymous.statusCode).toBe(401);
    const noKey = await t.call({
      method: 'POST',
      url: '/api/exam-attempts',
      token: student,
      payload: { bookingId: noCheckin.booking.id },
    });
    expect(noKey.statusCode).toBe(400);
    const garbage = await t.call({
      method: 'POST',
      url: '/api/exam-attempts',
      token: student,
      payload: { bookingId: '1\u0000' },
      headers: key(),
    });
    expect(garbage.statusCode).toBe(400);
    const unknownField = await start(noCheckin.booking.id, student, { correct: true });
    expect(unknownField.statusCode).toBe(400);
  });
});

describe('the fingerprint at check-in', () => {
  it('needs the fingerprint checked where one is enrolled', async () => {
    const { booking } = await readyExam(t);
    const studentId = await demoStudentIdOf(t.db);
    await t.db
      .insert(studentFingerprints)
      .values({ studentId, finger: 'right-index', template: 'template' })
      .onConflictDoNothing();
    try {
      const refused = await start(booking.id);
      expect(refused.json().code).toBe('EXAM_CHECKIN_REQUIRED');
      await t.db
        .update(examCheckins)
        .set({ fingerprintCheckedAt: new Date() })
        .where(eq(examCheckins.bookingId, booking.id));
      expect((await start(booking.id)).statusCode).toBe(201);
    } finally {
      await t.db.delete(studentFingerprints).where(eq(studentFingerprints.studentId, studentId));
    }
  });
});

describe('who sees an attempt', () => {
  it("hides another student's attempt (404), refuses a corporate (403) and anonymous callers (401)", async () => {
    const { session, exam, courseId } = await readyExam(t);
    const [other] = await insertStudents(t, 1);
    if (!other) throw new Error('no student');
    const seat = await insertExamBooking(t.db, { sessionId: session.id, studentId: other.id });
    const [attempt] = await t.db
      .insert(examAttempts)
      .values({
        bookingId: seat.id,
        examId: exam.id,
        sessionId: session.id,
        studentId: other.id,
        language: 'en',
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: examAttempts.id });
    const id = attempt?.id ?? 0;
    expect(courseId).toBeGreaterThan(0);
    for (const url of [
      `/api/exam-attempts/${id}`,
      `/api/exam-attempts/by-booking/${seat.id}`,
      `/api/exam-attempts/${id}/review`,
    ]) {
      expect((await t.call({ method: 'GET', url, token: student })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url, token: corporate })).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await submit(id)).statusCode).toBe(404);
    expect((await answer(id, 1, 1)).statusCode).toBe(404);
    expect((await submit(id, corporate)).statusCode).toBe(403);
    expect((await answer(id, 1, 1, corporate)).statusCode).toBe(403);
  });

  it('refuses an answer of another question or a question not drawn (400)', async () => {
    const { booking } = await readyExam(t, { questionCount: 2, bankSize: 4 });
    const view = (await start(booking.id)).json<View>();
    const [first, second] = view.questions;
    if (!first || !second) throw new Error('no questions');
    const crossed = await answer(view.id, first.id, second.answers[0]?.id ?? 0);
    expect(crossed.statusCode).toBe(400);
    const [notDrawn] = await t.db
      .select({ questionId: attemptQuestions.questionId })
      .from(attemptQuestions)
      .where(eq(attemptQuestions.attemptId, -1));
    expect(notDrawn).toBeUndefined();
    const stranger = await answer(view.id, 2_000_000, first.answers[0]?.id ?? 0);
    expect(stranger.statusCode).toBe(400);
    const nul = await t.call({
      method: 'PUT',
      url: `/api/exam-attempts/${view.id}/answers/${first.id}`,
      token: student,
      payload: { answerId: '\u0000' },
    });
    expect(nul.statusCode).toBe(400);
  });
});

describe('the review setting', () => {
  it("'answers' shows the chosen and correct answers after submission; 'none' shows no score and refuses the review", async () => {
    const courseId = await courseIdOf(t.db);
    const withAnswers = await readyExam(t, { questionCount: 2, exam: { review: 'answers' } });
    const view = (await start(withAnswers.booking.id)).json<View>();
    const [first] = view.questions;
    if (!first) throw new Error('no question');
    await answer(view.id, first.id, withAnswers.bank.correctOf.get(first.id) ?? 0);
    await submit(view.id);
    const review = await t.call({
      method: 'GET',
      url: `/api/exam-attempts/${view.id}/review`,
      token: student,
    });
    expect(review.statusCode).toBe(200);
    const body = review.json();
    expect(body.review).toBe('answers');
    expect(body.questions[0]).toMatchObject({
      id: first.id,
      chosenAnswerId: withAnswers.bank.correctOf.get(first.id),
      correctAnswerId: withAnswers.bank.correctOf.get(first.id),
    });

    const hidden = await readyExam(t, { questionCount: 2, exam: { review: 'none' } });
    const hiddenView = (await start(hidden.booking.id)).json<View>();
    const outcome = (await submit(hiddenView.id)).json();
    expect(outcome).toEqual({ score: null, result: null, certificateId: null });
    const closed = await t.call({
      method: 'GET',
      url: `/api/exam-attempts/${hiddenView.id}/review`,
      token: student,
    });
    expect(closed.statusCode).toBe(403);
    const [stored] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, hiddenView.id));
    expect(stored?.result).toBe('Failed');

    const scoreOnly = await readyExam(t, { questionCount: 2, exam: { review: 'score' } });
    const scoreView = (await start(scoreOnly.booking.id)).json<View>();
    await submit(scoreView.id);
    const scoreReview = await t.call({
      method: 'GET',
      url: `/api/exam-attempts/${scoreView.id}/review`,
      token: student,
    });
    expect(scoreReview.json()).toMatchObject({
      review: 'score',
      questions: null,
      outcome: { score: 0, result: 'Failed' },
    });
    await setExam(t.db, courseId, { review: 'score' });
  });
});

describe('the answer key', () => {
  it('goes to those who may read the question banks, not to the staff who proctor the session', async () => {
    const sitting = await readyExam(t, { questionCount: 2, exam: { review: 'answers' } });
    const view = (await start(sitting.booking.id)).json<View>();
    const [first] = view.questions;
    if (!first) throw new Error('no question');
    const wrongAnswer = first.answers.find((option) => option.id !== sitting.bank.correctOf.get(first.id));
    await answer(view.id, first.id, wrongAnswer?.id ?? 0);
    await submit(view.id);
    const reviewAs = async (type: 'Teller' | 'branch admin' | 'TrainingManager' | 'CEO') => {
      const response = await t.call({
        method: 'GET',
        url: `/api/exam-attempts/${view.id}/review`,
        token: (await t.loginAs(type)).token,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{
        questions: { id: number; chosenAnswerId: number | null; correctAnswerId: number | null }[];
      }>();
    };
    // Scheduling read lets a teller and a branch admin of the session's branch see the attempt:
    // the questions and what the candidate chose, never which answer was right.
    for (const type of ['Teller', 'branch admin'] as const) {
      const review = await reviewAs(type);
      expect(review.questions.find((question) => question.id === first.id)?.chosenAnswerId).toBe(
        wrongAnswer?.id,
      );
      expect(review.questions.map((question) => question.correctAnswerId)).toEqual([null, null]);
    }
    // read_7 (the training group writes the banks; management reads them) tells the key.
    for (const type of ['TrainingManager', 'CEO'] as const) {
      const review = await reviewAs(type);
      expect(review.questions.map((question) => question.correctAnswerId)).toEqual(
        review.questions.map((question) => sitting.bank.correctOf.get(question.id)),
      );
    }
    await setExam(t.db, sitting.courseId, { review: 'score' });
  });
});

describe('media', () => {
  it("serves a drawn question's image to the candidate and nothing else under the attempt", async () => {
    const { booking, bank } = await readyExam(t, { questionCount: 1, bankSize: 1, withMedia: true });
    const view = (await start(booking.id)).json<View>();
    const url = view.questions[0]?.imageUrl;
    expect(url).toBe(`/api/exam-attempts/${view.id}/media/${bank.mediaIds[0]}`);
    const image = await t.call({ method: 'GET', url: url ?? '', token: student });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const other = await t.call({
      method: 'GET',
      url: `/api/exam-attempts/${view.id}/media/${randomUUID()}`,
      token: student,
    });
    expect(other.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url ?? '', token: corporate })).statusCode).toBe(403);
  });
});

describe('parallel starts on one database connection', () => {
  it('makes one attempt of 20 starts at once with different keys', async () => {
    const { booking } = await readyExam(t);
    const responses = await Promise.all(Array.from({ length: 20 }, () => start(booking.id)));
    const ids = new Set(responses.map((response) => response.json<View>().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(await demoStudentIdOf(t.db)).toBe(rows[0]?.studentId);
  });
});
