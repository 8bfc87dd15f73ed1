import {
  type AttemptOutcome,
  type AttemptSubmitter,
  centreDay,
  type ExamResult,
  marksOf,
  resultOf,
} from '@tasreeh/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attemptQuestions,
  bookings,
  certificates,
  examAttempts,
  examQuestionStats,
  examResultStats,
  exams,
  questionAnswers,
  scheduledSessions,
} from '../../db/schema/index.ts';
import { type CertificateIssuer, currentCertificateOf, issueCertificate } from '../certificates/index.ts';

/** Two decimals, as the marks columns keep them. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The attempt row locked for a change, with what scoring needs of its exam and session. */
export async function lockAttempt(db: Db, attemptId: number) {
  const [row] = await db
    .select({
      id: examAttempts.id,
      bookingId: examAttempts.bookingId,
      sessionId: examAttempts.sessionId,
      studentId: examAttempts.studentId,
      examId: examAttempts.examId,
      language: examAttempts.language,
      status: examAttempts.status,
      startedAt: examAttempts.startedAt,
      endsAt: examAttempts.endsAt,
      extraSeconds: examAttempts.extraSeconds,
      writtenScore: examAttempts.writtenScore,
      practicalScore: examAttempts.practicalScore,
      score: examAttempts.score,
      result: examAttempts.result,
    })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId))
    .for('update');
  return row;
}
export type LockedAttempt = NonNullable<Awaited<ReturnType<typeof lockAttempt>>>;

async function examOf(db: Db, examId: number) {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  if (!exam) throw new Error(`exam ${examId} not found`);
  return exam;
}

/** The stored outcome of an attempt: its score, result and certificate (null while unknown). */
export async function outcomeOf(db: Db, attemptId: number): Promise<AttemptOutcome> {
  const [row] = await db
    .select({ score: examAttempts.score, result: examAttempts.result, certificateId: certificates.id })
    .from(examAttempts)
    .leftJoin(certificates, currentCertificateOf(examAttempts.id))
    .where(eq(examAttempts.id, attemptId));
  return {
    score: row?.score ?? null,
    result: row?.result ?? null,
    certificateId: row?.certificateId ?? null,
  };
}

/**
 * Sets an attempt's final score and result and issues the certificate of a pass, in the caller's
 * transaction. The pass/fail statistics are counted by `countResult`, last (a row every
 * submission of the course shares: locked as briefly as can be).
 */
async function settleResult(
  db: Db,
  issuer: CertificateIssuer,
  attempt: LockedAttempt,
  passingMarks: number,
  score: number,
  decidedAt: Date,
): Promise<{ result: ExamResult; certificateId: number | null }> {
  const result = resultOf(score, passingMarks);
  await db
    .update(examAttempts)
    .set({ score, result, decidedAt, updatedAt: decidedAt })
    .where(eq(examAttempts.id, attempt.id));
  const certificateId = result === 'Passed' ? await issueCertificate(db, issuer, attempt.id) : null;
  return { result, certificateId };
}

/**
 * Counts a result in the passes and fails of its Riyadh day, course, exam language and form
 * (Assessment, ReAssessment, ReTake).
 */
async function countResult(db: Db, attempt: LockedAttempt, courseId: number, result: ExamResult, at: Date) {
  const [session] = await db
    .select({ examType: scheduledSessions.examType })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, attempt.sessionId));
  const passed = result === 'Passed' ? 1 : 0;
  await db
    .insert(examResultStats)
    .values({
      day: centreDay(at),
      courseId,
      language: attempt.language,
      examType: session?.examType ?? 'Assessment',
      passed,
      failed: 1 - passed,
    })
    .onConflictDoUpdate({
      target: [
        examResultStats.day,
        examResultStats.courseId,
        examResultStats.language,
        examResultStats.examType,
      ],
      set: {
        passed: sql`${examResultStats.passed} + excluded.passed`,
        failed: sql`${examResultStats.failed} + excluded.failed`,
      },
    });
}

/**
 * Submits an attempt inside the caller's transaction (the candidate's submit, the deadline sweep,
 * a proctor's stop): the written marks from its correct answers (out of full marks less the
 * practical marks), the per-question statistics, and — unless a practical score is still to
 * come — the result and its certificate. The booking is marked Attended. An attempt already
 * submitted keeps its outcome.
 */
export async function submitAttempt(
  db: Db,
  issuer: CertificateIssuer,
  attemptId: number,
  by: AttemptSubmitter,
  now: Date = new Date(),
): Promise<AttemptOutcome> {
  const attempt = await lockAttempt(db, attemptId);
  if (!attempt) throw new Error(`attempt ${attemptId} not found`);
  if (attempt.status === 'submitted') return outcomeOf(db, attemptId);
  const exam = await examOf(db, attempt.examId);
  const drawn = await db
    .select({ questionId: attemptQuestions.questionId, correct: questionAnswers.isCorrect })
    .from(attemptQuestions)
    .leftJoin(questionAnswers, eq(questionAnswers.id, attemptQuestions.chosenAnswerId))
    .where(eq(attemptQuestions.attemptId, attemptId))
    .orderBy(asc(attemptQuestions.questionId));
  const correct = drawn.filter((row) => row.correct === true).length;
  const writtenMarks = exam.fullMarks - (exam.practicalMarks ?? 0);
  const writtenScore = marksOf(correct, drawn.length, writtenMarks);
  await db
    .update(examAttempts)
    .set({
      status: 'submitted',
      submittedAt: now,
      submittedBy: by,
      correctCount: correct,
      writtenScore,
      updatedAt: now,
    })
    .where(eq(examAttempts.id, attemptId));
  await db
    .update(bookings)
    .set({ status: 'Attended', updatedAt: now })
    .where(and(eq(bookings.id, attempt.bookingId), eq(bookings.status, 'Booked')));
  let outcome: AttemptOutcome = { score: null, result: null, certificateId: null };
  if (exam.practicalMarks === null) {
    const settled = await settleResult(db, issuer, attempt, exam.passingMarks, writtenScore, now);
    outcome = { score: writtenScore, ...settled };
  }
  // Rows every submission shares, last: their locks are held only until the commit.
  if (drawn.length > 0) {
    // In question order, so that two submissions at once never lock the same rows crosswise.
    await db
      .insert(examQuestionStats)
      .values(
        drawn.map((row) => ({
          questionId: row.questionId,
          day: centreDay(now),
          drawn: 1,
          wrong: row.correct === true ? 0 : 1,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [examQuestionStats.questionId, examQuestionStats.day],
        set: {
          drawn: sql`${examQuestionStats.drawn} + excluded.drawn`,
          wrong: sql`${examQuestionStats.wrong} + excluded.wrong`,
          updatedAt: now,
        },
      });
  }
  if (outcome.result) await countResult(db, attempt, exam.courseId, outcome.result, now);
  return outcome;
}

/**
 * The examiner's practical score of a submitted attempt of an exam with a practical part: the
 * final score is the written plus the practical, then the result and certificate. Entering the
 * same score again answers the same outcome; another score once the result is set is refused.
 */
export async function settlePractical(
  db: Db,
  issuer: CertificateIssuer,
  attempt: LockedAttempt,
  practicalScore: number,
): Promise<AttemptOutcome | 'already-set' | 'not-expected' | 'too-high' | 'not-submitted'> {
  const exam = await examOf(db, attempt.examId);
  if (exam.practicalMarks === null) return 'not-expected';
  if (practicalScore > exam.practicalMarks) return 'too-high';
  if (attempt.status !== 'submitted') return 'not-submitted';
  if (attempt.result !== null) {
    return attempt.practicalScore === practicalScore ? outcomeOf(db, attempt.id) : 'already-set';
  }
  const score = round2((attempt.writtenScore ?? 0) + practicalScore);
  const decidedAt = new Date();
  await db
    .update(examAttempts)
    .set({ practicalScore: round2(practicalScore), updatedAt: decidedAt })
    .where(eq(examAttempts.id, attempt.id));
  const settled = await settleResult(db, issuer, attempt, exam.passingMarks, score, decidedAt);
  await countResult(db, attempt, exam.courseId, settled.result, decidedAt);
  return { score, ...settled };
}
