import {
  type AttemptAnswerSaved,
  type AttemptStartInput,
  type AttemptView,
  type CheckinPhotoKind,
  type CheckinPolicy,
  isCheckinComplete,
} from '@tasreeh/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attemptQuestions,
  bookings,
  examAttempts,
  examCheckinPhotos,
  examCheckins,
  exams,
  scheduledSessions,
  studentFingerprints,
  students,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { CertificateIssuer } from '../certificates/index.ts';
import { clockEndOf, secondsLeftOf } from './clock.ts';
import { bankOf, drawQuestions } from './draw.ts';
import { ATTEMPT_DEADLINE } from './jobs.ts';
import { examAttemptsPolicy } from './policy.ts';
import { submitAttempt } from './scoring.ts';
import { findAttempt, getAttempt, outcomeForCandidate } from './view.ts';

/** The booking statuses that may sit their exam (Attended: marked present before starting). */
const SITTABLE = new Set(['Booked', 'Attended']);

export const finished = () => new AppError('EXAM_FINISHED', { status: 409 });

/**
 * A booking's check-in as the start rule reads it (another piece of work writes these rows), in
 * one query, complete or not by the centre's check-in policy (config `checkin`).
 */
export async function checkinStateOf(
  db: Db,
  booking: { id: number; studentId: number; delivery: string },
  policy: CheckinPolicy,
) {
  const [row] = await db
    .select({
      idNumberCheckedAt: examCheckins.idNumberCheckedAt,
      fingerprintCheckedAt: examCheckins.fingerprintCheckedAt,
      admittedAt: examCheckins.admittedAt,
      photos: sql<
        string[]
      >`array(select ${examCheckinPhotos.kind} from ${examCheckinPhotos} where ${examCheckinPhotos.bookingId} = ${booking.id} order by ${examCheckinPhotos.kind})`,
      fingerprintEnrolled: sql<boolean>`exists(select 1 from ${studentFingerprints} where ${studentFingerprints.studentId} = ${booking.studentId})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(examCheckins, eq(examCheckins.bookingId, booking.id));
  const state = {
    remote: booking.delivery === 'remote',
    idNumberChecked: row?.idNumberCheckedAt != null,
    photos: (row?.photos ?? []) as CheckinPhotoKind[],
    fingerprintEnrolled: row?.fingerprintEnrolled === true,
    fingerprintChecked: row?.fingerprintCheckedAt != null,
    admitted: row?.admittedAt != null,
  };
  return { ...state, complete: isCheckinComplete(state, policy) };
}

/** The start, by the centre's check-in policy (the command is the same; the rule it reads is the config's). */
const startCommand = (policy: CheckinPolicy) =>
  command({
    name: 'exam-attempt.start',
    entity: 'exam_attempts',
    idempotency: 'required',
    // Whose booking it is, only the row tells (another's: 404).
    authorize: examAttemptsPolicy.authorize('sitSome'),
    run: async (ctx, input: AttemptStartInput) => {
      const actor = actorOf(ctx);
      const now = new Date();
      const [booking] = await ctx.db
        .select({
          id: bookings.id,
          studentId: bookings.studentId,
          status: bookings.status,
          sessionId: bookings.sessionId,
          kind: scheduledSessions.kind,
          courseId: scheduledSessions.courseId,
          language: scheduledSessions.language,
          delivery: scheduledSessions.delivery,
          sessionStatus: scheduledSessions.status,
          startsAt: scheduledSessions.startsAt,
          endsAt: scheduledSessions.endsAt,
          onHold: students.onHold,
        })
        .from(bookings)
        .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
        .innerJoin(students, eq(students.id, bookings.studentId))
        .where(eq(bookings.id, input.bookingId));
      if (!booking || actor.studentId === null || booking.studentId !== actor.studentId) throw notFound();
      const existing = await existingAttempt(ctx.db, booking.id);
      if (existing) return existing;
      if (
        booking.kind !== 'exam' ||
        booking.sessionStatus !== 'scheduled' ||
        !SITTABLE.has(booking.status) ||
        booking.onHold
      ) {
        throw new AppError('EXAM_NOT_SITTABLE', { status: 409 });
      }
      if (now < booking.startsAt) throw new AppError('EXAM_NOT_STARTED', { status: 409 });
      if (now >= booking.endsAt) throw finished();
      const checkin = await checkinStateOf(ctx.db, booking, policy);
      if (!checkin.complete) throw new AppError('EXAM_CHECKIN_REQUIRED', { status: 409 });
      const [exam] = await ctx.db
        .select()
        .from(exams)
        .where(and(eq(exams.courseId, booking.courseId), eq(exams.status, 'active')));
      const language = input.language ?? booking.language;
      const bank = exam ? await bankOf(ctx.db, booking.courseId, language) : undefined;
      if (!exam || !bank || bank.active < exam.questionCount) {
        throw new AppError('EXAM_NOT_READY', { status: 409 });
      }
      const endsAt = clockEndOf(now, exam.durationMinutes, booking.endsAt);
      const [row] = await ctx.db
        .insert(examAttempts)
        .values({
          bookingId: booking.id,
          examId: exam.id,
          sessionId: booking.sessionId,
          studentId: booking.studentId,
          language: language as typeof examAttempts.$inferInsert.language,
          startedAt: now,
          endsAt,
        })
        .onConflictDoNothing({ target: examAttempts.bookingId })
        .returning({ id: examAttempts.id });
      // A parallel start won: its attempt (now committed) is this one too.
      if (!row) {
        const winner = await existingAttempt(ctx.db, booking.id);
        if (!winner) throw new AppError('WRITE_CONFLICT', { status: 409 });
        return winner;
      }
      await drawQuestions(ctx.db, row.id, bank.id, exam.questionCount);
      await ctx.enqueue(ATTEMPT_DEADLINE, { attemptId: row.id }, { startAfter: endsAt });
      return { id: row.id, created: true };
    },
    audit: ({ result }) => (result.created ? { entityId: result.id, before: null } : null),
  });

async function existingAttempt(db: Db, bookingId: number) {
  const [existing] = await db
    .select({ id: examAttempts.id, status: examAttempts.status })
    .from(examAttempts)
    .where(eq(examAttempts.bookingId, bookingId));
  if (!existing) return undefined;
  if (existing.status === 'submitted') throw finished();
  return { id: existing.id, created: false };
}

export async function startAttempt(
  ctx: Ctx,
  input: AttemptStartInput,
  policy: CheckinPolicy,
): Promise<{ created: boolean; view: AttemptView }> {
  const { id, created } = await startCommand(policy)(ctx, input);
  return { created, view: await getAttempt(ctx, id) };
}

/**
 * `PUT /api/exam-attempts/:id/answers/:questionId`: one conditional write, under a share lock of
 * the attempt (a submission waits for it, and it for a submission), acknowledged once committed.
 */
const answerCommand = command({
  name: 'exam-attempt.answer',
  entity: 'attempt_questions',
  // Whose attempt it is, the write's own condition tells (another's: 404).
  authorize: examAttemptsPolicy.authorize('sitSome'),
  run: async (
    ctx,
    input: { attemptId: number; questionId: number; answerId: number },
  ): Promise<AttemptAnswerSaved> => {
    const actor = actorOf(ctx);
    const now = new Date();
    if (actor.studentId === null) throw notFound();
    // The hot path is this one statement; why it changed nothing is asked only when it did not.
    const result = await ctx.db.execute(sql`
      with open_attempt as (
        select id, ends_at from exam_attempts
        where id = ${input.attemptId} and student_id = ${actor.studentId}
          and status = 'in_progress' and ends_at > ${now.toISOString()}::timestamptz
        for share
      )
      update attempt_questions
      set chosen_answer_id = ${input.answerId}, answered_at = ${now.toISOString()}::timestamptz
      from open_attempt
      where attempt_questions.attempt_id = open_attempt.id
        and attempt_questions.question_id = ${input.questionId}
        and exists (
          select 1 from question_answers
          where question_answers.id = ${input.answerId} and question_answers.question_id = ${input.questionId}
        )
      returning open_attempt.ends_at as "endsAt"`);
    const [saved] = (result as unknown as { rows: { endsAt: Date | string }[] }).rows;
    if (saved) {
      return {
        questionId: input.questionId,
        answerId: input.answerId,
        secondsLeft: secondsLeftOf(new Date(saved.endsAt), now),
      };
    }
    const [attempt] = await ctx.db
      .select({ studentId: examAttempts.studentId, status: examAttempts.status, endsAt: examAttempts.endsAt })
      .from(examAttempts)
      .where(eq(examAttempts.id, input.attemptId));
    if (!attempt || attempt.studentId !== actor.studentId) throw notFound();
    if (attempt.status === 'submitted' || attempt.endsAt <= now) throw finished();
    const [drawn] = await ctx.db
      .select({ questionId: attemptQuestions.questionId })
      .from(attemptQuestions)
      .where(
        and(
          eq(attemptQuestions.attemptId, input.attemptId),
          eq(attemptQuestions.questionId, input.questionId),
        ),
      );
    if (!drawn) throw new AppError('INVALID_VALUE', { status: 400, fields: { questionId: 'INVALID_VALUE' } });
    throw new AppError('INVALID_VALUE', { status: 400, fields: { answerId: 'INVALID_VALUE' } });
  },
  audit: () => null,
});

export const saveAnswer = answerCommand;

/** The candidate's own attempt (another's, or none: 404), as its submission starts from it. */
async function loadOwnAttempt(ctx: CommandCtx, { id }: { id: number }) {
  const attempt = await findAttempt(ctx.db, eq(examAttempts.id, id));
  if (!attempt || !examAttemptsPolicy.may(actorOf(ctx), 'sit', attempt)) throw notFound();
  return {
    studentId: attempt.studentId,
    status: attempt.status,
    review: attempt.review,
    endsAt: attempt.endsAt,
  };
}
type OwnAttempt = Awaited<ReturnType<typeof loadOwnAttempt>>;

/** `POST /api/exam-attempts/:id/submit` by the candidate: the outcome, the same on a second submit. */
export function submitByCandidate(issuer: CertificateIssuer) {
  return command({
    name: 'exam-attempt.submit',
    entity: 'exam_attempts',
    idempotency: 'required',
    load: loadOwnAttempt,
    authorize: examAttemptsPolicy.authorize('sit', (before: OwnAttempt) => before),
    run: async (ctx, { id }, before) => {
      const now = new Date();
      const by = before.status === 'in_progress' && before.endsAt <= now ? 'deadline' : 'candidate';
      const outcome = await submitAttempt(ctx.db, issuer, id, by, now);
      return outcomeForCandidate(outcome, before.review);
    },
    audit: ({ input, before }) =>
      before.status === 'submitted' ? null : { entityId: input.id, before: { status: before.status } },
  });
}
