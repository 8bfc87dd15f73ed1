import type {
  AttemptClock,
  AttemptOutcome,
  AttendanceInput,
  ExtraTimeInput,
  PracticalScoreInput,
} from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import {
  attemptQuestions,
  bookings,
  examAttempts,
  examCheckins,
  examProctorActions,
  exams,
} from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { type CommandCtx, command } from '../../../lib/command.ts';
import { actorOf } from '../../../lib/context.ts';
import type { CertificateIssuer } from '../../certificates/index.ts';
import { clockEndOf, grantableExtraMinutes, secondsLeftOf } from '../clock.ts';
import { bankOf, drawQuestions } from '../draw.ts';
import { ATTEMPT_DEADLINE } from '../jobs.ts';
import { assertProctorSome, examAttemptsPolicy } from '../policy.ts';
import { lockAttempt, settlePractical, submitAttempt } from '../scoring.ts';
import { examSessionOf } from './live.ts';

/**
 * The attempt a proctor acts on, locked, with its session (its end): a caller who proctors no
 * session is refused first (403), then no such attempt is 404; the command's authorize step then
 * asks whether the caller proctors this session.
 */
async function lockForProctor(ctx: CommandCtx, attemptId: number) {
  assertProctorSome(actorOf(ctx), 'edit');
  const attempt = await lockAttempt(ctx.db, attemptId);
  if (!attempt) throw notFound();
  const session = await examSessionOf(ctx.db, attempt.sessionId);
  return { ...attempt, session, sessionEndsAt: session.endsAt };
}

type ProctoredAttempt = Awaited<ReturnType<typeof lockForProctor>>;

/** A proctor's command on an attempt: the caller proctors (edit) its session, which `load` read. */
const proctorsAttempt = examAttemptsPolicy.authorize('proctor', (before: ProctoredAttempt) => before.session);

async function recordAction(
  ctx: CommandCtx,
  action: {
    bookingId: number;
    attemptId: number | null;
    action: 'admit' | 'stop' | 'restart' | 'extra-time';
    reason: string;
    extraSeconds?: number;
  },
) {
  await ctx.db.insert(examProctorActions).values({
    bookingId: action.bookingId,
    attemptId: action.attemptId,
    action: action.action,
    reason: action.reason,
    extraSeconds: action.extraSeconds ?? null,
    userId: actorOf(ctx).userId,
  });
}

const notInProgress = () => new AppError('ATTEMPT_NOT_IN_PROGRESS', { status: 409 });

/** `POST /api/exam-sessions/:sessionId/bookings/:bookingId/admit`: lets a candidate start whatever its check-in lacks. */
export const admitCandidate = command({
  name: 'exam-checkin.admit',
  entity: 'exam_checkins',
  idempotency: 'required',
  load: async (ctx, input: { sessionId: number; bookingId: number; reason: string }) => {
    assertProctorSome(actorOf(ctx), 'edit');
    return examSessionOf(ctx.db, input.sessionId);
  },
  authorize: examAttemptsPolicy.authorize('proctor'),
  run: async (ctx, input) => {
    const [booking] = await ctx.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.sessionId, input.sessionId)))
      .for('update');
    if (!booking) throw notFound();
    if (booking.status !== 'Booked' && booking.status !== 'Attended') {
      throw new AppError('ADMIT_NOT_POSSIBLE', { status: 409 });
    }
    const now = new Date();
    const admittedByUserId = actorOf(ctx).userId;
    await ctx.db
      .insert(examCheckins)
      .values({ bookingId: booking.id, admittedByUserId, admittedAt: now })
      .onConflictDoUpdate({
        target: examCheckins.bookingId,
        set: { admittedByUserId, admittedAt: now, updatedAt: now },
      });
    await recordAction(ctx, {
      bookingId: booking.id,
      attemptId: null,
      action: 'admit',
      reason: input.reason,
    });
    return { bookingId: booking.id, admitted: true as const };
  },
  audit: ({ input }) => ({ entityId: input.bookingId, before: null }),
});

/**
 * `POST /api/exam-attempts/:id/extra-time`: moves an attempt's deadline later, within the extra
 * time it may still be given (`maxMinutes` in all, never past its session's end plus that): more
 * is 409 EXTRA_TIME_LIMIT saying how many minutes are left to give.
 */
export const giveExtraTime = (maxMinutes: number) =>
  command({
    name: 'exam-attempt.extra-time',
    entity: 'exam_attempts',
    idempotency: 'required',
    load: (ctx, input: { id: number } & ExtraTimeInput) => lockForProctor(ctx, input.id),
    authorize: proctorsAttempt,
    run: async (ctx, input, attempt): Promise<AttemptClock> => {
      if (attempt.status !== 'in_progress') throw notInProgress();
      const grantable = grantableExtraMinutes(attempt, attempt.sessionEndsAt, maxMinutes);
      if (input.minutes > grantable) {
        throw new AppError('EXTRA_TIME_LIMIT', { status: 409, params: { minutes: grantable } });
      }
      const extraSeconds = input.minutes * 60;
      const endsAt = new Date(attempt.endsAt.getTime() + extraSeconds * 1000);
      await ctx.db
        .update(examAttempts)
        .set({ endsAt, extraSeconds: attempt.extraSeconds + extraSeconds, updatedAt: new Date() })
        .where(eq(examAttempts.id, attempt.id));
      await ctx.enqueue(ATTEMPT_DEADLINE, { attemptId: attempt.id }, { startAfter: endsAt });
      await recordAction(ctx, {
        bookingId: attempt.bookingId,
        attemptId: attempt.id,
        action: 'extra-time',
        reason: input.reason,
        extraSeconds,
      });
      return { id: attempt.id, endsAt: endsAt.toISOString(), secondsLeft: secondsLeftOf(endsAt, new Date()) };
    },
    audit: ({ input, before }) => ({
      entityId: input.id,
      before: { endsAt: before.endsAt },
      after: { minutes: input.minutes, reason: input.reason },
    }),
  });

/** `POST /api/exam-attempts/:id/stop`: submits the attempt now, by the proctor. */
export function stopAttempt(issuer: CertificateIssuer) {
  return command({
    name: 'exam-attempt.stop',
    entity: 'exam_attempts',
    idempotency: 'required',
    load: (ctx, input: { id: number; reason: string }) => lockForProctor(ctx, input.id),
    authorize: proctorsAttempt,
    run: async (ctx, input, attempt): Promise<AttemptOutcome> => {
      if (attempt.status !== 'in_progress') throw notInProgress();
      const outcome = await submitAttempt(ctx.db, issuer, attempt.id, 'proctor');
      await recordAction(ctx, {
        bookingId: attempt.bookingId,
        attemptId: attempt.id,
        action: 'stop',
        reason: input.reason,
      });
      return outcome;
    },
    audit: ({ input, before }) => ({ entityId: input.id, before: { status: before.status } }),
  });
}

/**
 * `POST /api/exam-attempts/:id/restart`: a new draw, answers cleared and a new clock, for an
 * attempt in progress. The new clock is the exam's duration from now, but never past the
 * session's end plus the extra time the attempt was given; the grants stay counted against the cap.
 */
export const restartAttempt = command({
  name: 'exam-attempt.restart',
  entity: 'exam_attempts',
  idempotency: 'required',
  load: (ctx, input: { id: number; reason: string }) => lockForProctor(ctx, input.id),
  authorize: proctorsAttempt,
  run: async (ctx, input, attempt) => {
    if (attempt.status !== 'in_progress') throw notInProgress();
    const [exam] = await ctx.db
      .select({
        courseId: exams.courseId,
        questionCount: exams.questionCount,
        durationMinutes: exams.durationMinutes,
      })
      .from(exams)
      .where(eq(exams.id, attempt.examId));
    const bank = exam ? await bankOf(ctx.db, exam.courseId, attempt.language) : undefined;
    if (!exam || !bank || bank.active < exam.questionCount) {
      throw new AppError('EXAM_NOT_READY', { status: 409 });
    }
    const now = new Date();
    const endsAt = clockEndOf(
      now,
      exam.durationMinutes,
      new Date(attempt.sessionEndsAt.getTime() + attempt.extraSeconds * 1000),
    );
    if (endsAt <= now) throw notInProgress();
    await ctx.db.delete(attemptQuestions).where(eq(attemptQuestions.attemptId, attempt.id));
    await ctx.db
      .update(examAttempts)
      .set({ startedAt: now, endsAt, updatedAt: now })
      .where(eq(examAttempts.id, attempt.id));
    await drawQuestions(ctx.db, attempt.id, bank.id, exam.questionCount);
    await recordAction(ctx, {
      bookingId: attempt.bookingId,
      attemptId: attempt.id,
      action: 'restart',
      reason: input.reason,
    });
    return { id: attempt.id, endsAt: endsAt.toISOString() };
  },
  audit: ({ input, before }) => ({
    entityId: input.id,
    before: { startedAt: before.startedAt, endsAt: before.endsAt },
  }),
});

/** An exam seat a proctor marks, locked, with its session: 403 for a caller who proctors none, 404 for no such seat. */
async function lockSeat(ctx: CommandCtx, bookingId: number) {
  assertProctorSome(actorOf(ctx), 'edit');
  const [booking] = await ctx.db
    .select({ id: bookings.id, status: bookings.status, sessionId: bookings.sessionId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking) throw notFound();
  const session = await examSessionOf(ctx.db, booking.sessionId);
  return { ...booking, session, startsAt: session.startsAt };
}
type LockedSeat = Awaited<ReturnType<typeof lockSeat>>;

/**
 * `PUT /api/bookings/:id/attendance`: the examiner marks an exam seat Attended or Absent, from
 * the session's start. A candidate with an attempt sat the exam: Absent is refused.
 */
export const markAttendance = command({
  name: 'booking.attendance',
  entity: 'bookings',
  idempotency: 'required',
  load: (ctx, input: { id: number } & AttendanceInput) => lockSeat(ctx, input.id),
  authorize: examAttemptsPolicy.authorize('proctor', (before: LockedSeat) => before.session),
  run: async (ctx, input, booking) => {
    const markable = ['Booked', 'Attended', 'Absent'].includes(booking.status);
    if (!markable || booking.startsAt > new Date()) {
      throw new AppError('ATTENDANCE_NOT_CHANGEABLE', { status: 409 });
    }
    if (input.status === 'Absent') {
      const [attempt] = await ctx.db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(eq(examAttempts.bookingId, booking.id));
      if (attempt) throw new AppError('ATTENDANCE_NOT_CHANGEABLE', { status: 409 });
    }
    await ctx.db
      .update(bookings)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(bookings.id, booking.id));
    return { id: booking.id, status: input.status };
  },
  audit: ({ input, before }) => ({ entityId: input.id, before: { status: before.status } }),
});

/** `PUT /api/exam-attempts/:id/practical-score`: the practical part's marks, then the result (and certificate). */
export function enterPracticalScore(issuer: CertificateIssuer) {
  return command({
    name: 'exam-attempt.practical-score',
    entity: 'exam_attempts',
    idempotency: 'required',
    load: (ctx, input: { id: number } & PracticalScoreInput) => lockForProctor(ctx, input.id),
    authorize: proctorsAttempt,
    run: async (ctx, input, attempt): Promise<AttemptOutcome> => {
      const outcome = await settlePractical(ctx.db, issuer, attempt, input.score);
      if (outcome === 'not-expected') throw new AppError('PRACTICAL_SCORE_NOT_EXPECTED', { status: 409 });
      if (outcome === 'too-high') {
        throw new AppError('PRACTICAL_SCORE_TOO_HIGH', {
          status: 400,
          fields: { score: 'PRACTICAL_SCORE_TOO_HIGH' },
        });
      }
      if (outcome === 'not-submitted') throw new AppError('EXAM_NOT_SUBMITTED', { status: 409 });
      if (outcome === 'already-set') throw new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 });
      return outcome;
    },
    audit: ({ input, before }) => ({ entityId: input.id, before: { practicalScore: before.practicalScore } }),
  });
}
