import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintBroken } from '../test/constraint-broken.ts';
import { newBooking } from '../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import {
  attemptQuestions,
  bookings,
  courses,
  examAttempts,
  examProctorActions,
  exams,
  questionAnswers,
  questionBanks,
  questions,
  users,
} from './schema/index.ts';

/**
 * What the database itself refuses for exams (migrations 0020–0021), whatever the code above it does:
 * marks that make no sense, two active exams of a course, a second correct answer, a second
 * attempt of one booking, one question drawn twice in an attempt.
 */
let t: TestApp;
let courseId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [course] = await t.db.select({ id: courses.id }).from(courses).limit(1);
  if (!course) throw new Error('the demo data has no course');
  courseId = course.id;
});
afterAll(() => t.close());

const exam = (overrides: Partial<typeof exams.$inferInsert> = {}) =>
  t.db
    .insert(exams)
    .values({
      courseId,
      titleEn: 'Food safety exam',
      titleAr: 'اختبار سلامة الغذاء',
      questionCount: 2,
      fullMarks: 100,
      passingMarks: 60,
      failedMarks: 0,
      durationMinutes: 30,
      status: 'inactive',
      ...overrides,
    })
    .returning({ id: exams.id });

describe('exams', () => {
  it('refuse passing marks not below full marks, no questions, no time; one active exam per course', async () => {
    expect(await constraintBroken(exam({ passingMarks: 100 }))).toBe('exams_marks_check');
    expect(await constraintBroken(exam({ questionCount: 0 }))).toBe('exams_marks_check');
    expect(await constraintBroken(exam({ durationMinutes: 0 }))).toBe('exams_marks_check');
    // The demo course already has its active exam (the course wizard's exam step).
    expect(await constraintBroken(exam({ status: 'active' }))).toBe('exams_active_course_key');
    await exam(); // inactive ones are kept beside it
  });
});

describe('question banks', () => {
  it('keep one bank per course and language, non-empty texts, and at most one correct answer', async () => {
    const [bank] = await t.db.insert(questionBanks).values({ courseId, language: 'ne' }).returning();
    if (!bank) throw new Error('no bank');
    expect(await constraintBroken(t.db.insert(questionBanks).values({ courseId, language: 'ne' }))).toBe(
      'question_banks_course_language_key',
    );
    expect(await constraintBroken(t.db.insert(questions).values({ bankId: bank.id, text: '  ' }))).toBe(
      'questions_text_check',
    );
    const [question] = await t.db
      .insert(questions)
      .values({ bankId: bank.id, text: 'کھانا کس درجہ حرارت پر رکھا جائے؟' })
      .returning();
    if (!question) throw new Error('no question');
    await t.db.insert(questionAnswers).values({ questionId: question.id, text: '5°C', isCorrect: true });
    await t.db.insert(questionAnswers).values({ questionId: question.id, text: '25°C' });
    expect(
      await constraintBroken(
        t.db.insert(questionAnswers).values({ questionId: question.id, text: '40°C', isCorrect: true }),
      ),
    ).toBe('question_answers_one_correct_key');
  });
});

describe('attempts', () => {
  it('keep one attempt per booking, each question once, and a submitted attempt with its time', async () => {
    const booking = await newBooking(t);
    const [row] = await t.db
      .select({ sessionId: bookings.sessionId, studentId: bookings.studentId })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    const [examRow] = await exam();
    const [bank] = await t.db.insert(questionBanks).values({ courseId, language: 'bn' }).returning();
    const [question] = await t.db
      .insert(questions)
      .values({ bankId: bank?.id ?? -1, text: 'খাবার কোন তাপমাত্রায় রাখা উচিত?' })
      .returning({ id: questions.id });
    if (!row || !examRow || !question) throw new Error('no booking, exam or question');
    const attempt = {
      bookingId: booking.id,
      examId: examRow.id,
      sessionId: row.sessionId,
      studentId: row.studentId,
      language: 'bn' as const,
      endsAt: new Date(Date.now() + 1_800_000),
    };
    const [first] = await t.db.insert(examAttempts).values(attempt).returning({ id: examAttempts.id });
    if (!first) throw new Error('no attempt');
    expect(await constraintBroken(t.db.insert(examAttempts).values(attempt))).toBe(
      'exam_attempts_booking_key',
    );
    const drawn = { attemptId: first.id, questionId: question.id, answerOrder: [2, 1] };
    await t.db.insert(attemptQuestions).values({ ...drawn, position: 0 });
    expect(await constraintBroken(t.db.insert(attemptQuestions).values({ ...drawn, position: 1 }))).toBe(
      'attempt_questions_question_key',
    );
    expect(
      await constraintBroken(
        t.db.update(examAttempts).set({ status: 'submitted' }).where(eq(examAttempts.id, first.id)),
      ),
    ).toBe('exam_attempts_submitted_check');
  });
});

describe('proctor actions', () => {
  it('need a reason, and extra seconds exactly when the action gives extra time', async () => {
    const booking = await newBooking(t);
    const [staff] = await t.db.select({ id: users.id }).from(users).limit(1);
    if (!staff) throw new Error('no user');
    const action = { bookingId: booking.id, userId: staff.id, reason: 'Camera failed; ID seen in person' };
    await t.db.insert(examProctorActions).values({ ...action, action: 'admit' });
    await t.db.insert(examProctorActions).values({ ...action, action: 'extra-time', extraSeconds: 300 });
    expect(
      await constraintBroken(
        t.db.insert(examProctorActions).values({ ...action, action: 'admit', reason: ' ' }),
      ),
    ).toBe('exam_proctor_actions_reason_check');
    expect(
      await constraintBroken(t.db.insert(examProctorActions).values({ ...action, action: 'extra-time' })),
    ).toBe('exam_proctor_actions_extra_check');
    expect(
      await constraintBroken(
        t.db.insert(examProctorActions).values({ ...action, action: 'stop', extraSeconds: 60 }),
      ),
    ).toBe('exam_proctor_actions_extra_check');
  });
});
