/**
 * Routes of the benchmark's API only (never the product's), for `exams.bench.ts` (its set-up also for `jobs.bench.ts`):
 * - `POST /bench/exam-sitting` `{ studentIds, questions }` → `{ sessionId, bookings: { [studentId]: bookingId } }`:
 *   the seeded "Food Safety Basics" exam drawing `questions` questions from a fresh English bank
 *   of as many, an exam session open now (Remote, a seat each), and each student's Booked seat
 *   with its check-in done (admitted), as the bank, booking and check-in screens would leave them;
 * - `GET /bench/exam-tally?session=` → the attempts of the session, submitted ones, saved answers.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/api/src/db/client.ts';
import {
  attemptQuestions,
  bookings,
  branches,
  courses,
  examAttempts,
  examCheckins,
  exams,
  questionAnswers,
  questionBanks,
  questions,
  scheduledSessions,
  users,
} from '../../apps/api/src/db/schema/index.ts';
import { fieldsOf } from './fields.ts';

const PUBLIC = { config: { access: 'public' } } as const;

export async function setUpExamSitting(db: Db, studentIds: number[], questionCount: number) {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.nameEn, 'Food Safety Basics'));
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'RUH-01'));
  const [teller] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Teller')).limit(1);
  if (!course || !branch || !teller)
    throw new Error('the demo data has no Food Safety Basics, RUH-01 or teller');
  await db
    .update(exams)
    .set({ questionCount, durationMinutes: 60 })
    .where(and(eq(exams.courseId, course.id), eq(exams.status, 'active')));
  const [bank] = await db
    .insert(questionBanks)
    .values({ courseId: course.id, language: 'en' })
    .onConflictDoUpdate({
      target: [questionBanks.courseId, questionBanks.language],
      set: { updatedAt: new Date() },
    })
    .returning({ id: questionBanks.id });
  if (!bank) throw new Error('no bank');
  await db
    .update(questions)
    .set({ retiredAt: new Date() })
    .where(and(eq(questions.bankId, bank.id), isNull(questions.retiredAt)));
  for (let index = 0; index < questionCount; index++) {
    const [question] = await db
      .insert(questions)
      .values({ bankId: bank.id, text: `Bench question ${index + 1}`, position: index })
      .returning({ id: questions.id });
    if (!question) throw new Error('no question');
    await db.insert(questionAnswers).values(
      [0, 1, 2, 3].map((answer) => ({
        questionId: question.id,
        text: `Answer ${answer + 1}`,
        isCorrect: answer === 0,
        position: answer,
      })),
    );
  }
  const startsAt = new Date(Date.now() - 60_000);
  const [session] = await db
    .insert(scheduledSessions)
    .values({
      kind: 'exam',
      examType: 'Assessment',
      courseId: course.id,
      branchId: branch.id,
      delivery: 'remote',
      language: 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
      capacity: studentIds.length,
      seatsTaken: studentIds.length,
    })
    .returning({ id: scheduledSessions.id });
  if (!session) throw new Error('no session');
  const seats = await db
    .insert(bookings)
    .values(
      studentIds.map((studentId) => ({
        sessionId: session.id,
        studentId,
        channel: 'counter' as const,
        status: 'Booked' as const,
        originalFee: 20_000,
        amanaFee: 1_000,
        vat: 3_150,
        total: 24_150,
        amountPaid: 24_150,
        bookedByUserId: teller.id,
      })),
    )
    .returning({ id: bookings.id, studentId: bookings.studentId });
  await db
    .insert(examCheckins)
    .values(
      seats.map((seat) => ({ bookingId: seat.id, admittedAt: new Date(), admittedByUserId: teller.id })),
    );
  return {
    sessionId: session.id,
    bookings: Object.fromEntries(seats.map((seat) => [String(seat.studentId), seat.id])),
  };
}

async function tally(db: Db, sessionId: number) {
  const [row] = await db
    .select({
      attempts: sql<number>`count(distinct ${examAttempts.id})::int`,
      submitted: sql<number>`(count(distinct ${examAttempts.id}) filter (where ${examAttempts.status} = 'submitted'))::int`,
      answers: sql<number>`count(${attemptQuestions.chosenAnswerId})::int`,
    })
    .from(examAttempts)
    .leftJoin(attemptQuestions, eq(attemptQuestions.attemptId, examAttempts.id))
    .where(eq(examAttempts.sessionId, sessionId));
  return row ?? { attempts: 0, submitted: 0, answers: 0 };
}

export type ExamTally = Awaited<ReturnType<typeof tally>>;

export function addExamBenchRoutes(app: FastifyInstance, db: Db): void {
  app.post('/bench/exam-sitting', PUBLIC, async (request) => {
    const body = fieldsOf(request.body);
    const studentIds = Array.isArray(body.studentIds) ? body.studentIds.map(Number) : [];
    return setUpExamSitting(db, studentIds, Number(body.questions));
  });
  app.get('/bench/exam-tally', PUBLIC, async (request) => tally(db, Number(fieldsOf(request.query).session)));
}
