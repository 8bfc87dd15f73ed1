import { and, eq, ne } from 'drizzle-orm';
import { certificates, examAttempts, exams } from '../db/schema/index.ts';
import { statedFor } from './certificates.ts';
import { courseIdOf, insertExamBooking, insertExamSession } from './exam-bank.ts';
import type { TestApp } from './test-app.ts';

/**
 * A sitting nobody the security probers act for may touch, of a student of theirs: an exam
 * session of JED-01 (no examiner), a Booked seat there, its attempt in progress and a
 * certificate; and an earlier sitting in JED-01 that the student failed (a result to list, a
 * retake due).
 */
export async function insertForeignSitting(t: TestApp, studentId: number) {
  const courseId = await courseIdOf(t.db);
  const session = await insertExamSession(t.db, t, { courseId, branch: 'JED-01' });
  const booking = await insertExamBooking(t.db, { sessionId: session.id, studentId });
  const [exam] = await t.db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')));
  if (!exam) throw new Error('no active exam');
  const [attempt] = await t.db
    .insert(examAttempts)
    .values({
      bookingId: booking.id,
      examId: exam.id,
      sessionId: session.id,
      studentId,
      language: 'en',
      endsAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error('foreign attempt not inserted');
  // A certificate of that student (as if an earlier sitting had passed), for the certificate routes.
  const [certificate] = await t.db
    .insert(certificates)
    .values({
      serial: `CRT-PROBE-${attempt.id}`,
      attemptId: attempt.id,
      studentId,
      courseId,
      score: 90,
      validUntil: '2099-12-31',
      signature: 'probe',
      ...(await statedFor(t.db, studentId, courseId)),
    })
    .returning({ id: certificates.id });
  if (!certificate) throw new Error('foreign certificate not inserted');
  await insertFailedSitting(t, { otherThan: courseId, studentId });
  return {
    attemptId: attempt.id,
    sessionId: session.id,
    bookingId: booking.id,
    certificateId: certificate.id,
  };
}

/**
 * A sitting of JED-01 a day ago, submitted and failed, in a course other than the given one (whose
 * training the student may be booked on: a training booking after a fail makes no retake due).
 */
async function insertFailedSitting(t: TestApp, of: { otherThan: number; studentId: number }) {
  const [exam] = await t.db
    .select({ id: exams.id, courseId: exams.courseId })
    .from(exams)
    .where(and(eq(exams.status, 'active'), ne(exams.courseId, of.otherThan)))
    .limit(1);
  if (!exam) throw new Error('no active exam of another course');
  const startsAt = new Date(Date.now() - 86_400_000);
  const session = await insertExamSession(t.db, t, { courseId: exam.courseId, branch: 'JED-01', startsAt });
  const booking = await insertExamBooking(t.db, {
    sessionId: session.id,
    studentId: of.studentId,
    status: 'Attended',
  });
  const submittedAt = new Date(startsAt.getTime() + 30 * 60_000);
  await t.db.insert(examAttempts).values({
    bookingId: booking.id,
    examId: exam.id,
    sessionId: session.id,
    studentId: of.studentId,
    language: 'en',
    startedAt: startsAt,
    endsAt: submittedAt,
    status: 'submitted',
    submittedAt,
    submittedBy: 'candidate',
    correctCount: 0,
    writtenScore: 0,
    score: 0,
    result: 'Failed',
    decidedAt: submittedAt,
  });
}
