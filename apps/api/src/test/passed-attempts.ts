import { and, eq } from 'drizzle-orm';
import { bookings, examAttempts, exams, scheduledSessions } from '../db/schema/index.ts';
import { newBooking } from './paid-bookings.ts';
import type { TestApp } from './test-app.ts';

/**
 * A submitted, passed attempt of a new booking of the demo student, written straight into the
 * tables (the sitting itself is the exam-attempts tests' business): for the certificate tests.
 */
export async function passedAttempt(
  t: TestApp,
  score: number,
): Promise<{ attemptId: number; sessionId: number; bookingId: number }> {
  const booking = await newBooking(t);
  const [row] = await t.db
    .select({
      sessionId: bookings.sessionId,
      studentId: bookings.studentId,
      courseId: scheduledSessions.courseId,
    })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .where(eq(bookings.id, booking.id));
  if (!row) throw new Error('no booking');
  const [exam] = await t.db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.courseId, row.courseId), eq(exams.status, 'active')));
  if (!exam) throw new Error('the demo course has no exam');
  const now = Date.now();
  const [attempt] = await t.db
    .insert(examAttempts)
    .values({
      bookingId: booking.id,
      examId: exam.id,
      sessionId: row.sessionId,
      studentId: row.studentId,
      language: 'ar',
      startedAt: new Date(now - 60_000),
      endsAt: new Date(now + 60_000),
      status: 'submitted',
      submittedAt: new Date(now),
      submittedBy: 'candidate',
      score,
      result: 'Passed',
      decidedAt: new Date(now),
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error('no attempt');
  return { attemptId: attempt.id, sessionId: row.sessionId, bookingId: booking.id };
}
