import type { CheckinPolicy, LiveCandidate, LiveSession } from '@tasreeh/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  attemptQuestions,
  bookings,
  branches,
  courses,
  examAttempts,
  scheduledSessions,
  students,
  users,
} from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { grantableExtraMinutes, secondsLeftOf } from '../clock.ts';
import { assertProctor, assertProctorSome, examAttemptsPolicy } from '../policy.ts';
import { checkinStateOf } from '../service.ts';

/** The booking statuses the live view lists: seats that are the session's candidates. */
const CANDIDATE_STATUSES = ['Booked', 'Attended', 'Absent'] as const;

/** An exam session with its course and branch, as the proctor's routes and commands read it (404 when none). */
export async function examSessionOf(db: Db, sessionId: number) {
  const [session] = await db
    .select({
      id: scheduledSessions.id,
      kind: scheduledSessions.kind,
      startsAt: scheduledSessions.startsAt,
      endsAt: scheduledSessions.endsAt,
      delivery: scheduledSessions.delivery,
      branchId: scheduledSessions.branchId,
      staffUserId: scheduledSessions.staffUserId,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
      branchNameEn: branches.nameEn,
      branchNameAr: branches.nameAr,
    })
    .from(scheduledSessions)
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .innerJoin(branches, eq(branches.id, scheduledSessions.branchId))
    .where(eq(scheduledSessions.id, sessionId));
  if (!session) throw notFound();
  if (session.kind !== 'exam') throw notFound();
  return session;
}

/**
 * `GET /api/exam-sessions/:sessionId/live`: every candidate's check-in and progress, with the
 * server's clock and the extra time each attempt may still be given (at most `extraTimeMaxMinutes` in all).
 */
export async function liveSession(
  ctx: Ctx,
  rules: { checkin: CheckinPolicy; extraTimeMaxMinutes: number },
  sessionId: number,
): Promise<LiveSession> {
  assertProctorSome(actorOf(ctx), 'read');
  const session = await examSessionOf(ctx.db, sessionId);
  assertProctor(actorOf(ctx), session, 'read');
  const now = new Date();
  const seats = await ctx.db
    .select({
      bookingId: bookings.id,
      studentId: bookings.studentId,
      bookingStatus: bookings.status,
      nameEn: users.nameEn,
      nameAr: users.nameAr,
    })
    .from(bookings)
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(bookings.sessionId, sessionId), inArray(bookings.status, [...CANDIDATE_STATUSES])))
    .orderBy(asc(users.nameEn), asc(bookings.id));
  const attempts = await ctx.db
    .select({
      id: examAttempts.id,
      bookingId: examAttempts.bookingId,
      status: examAttempts.status,
      endsAt: examAttempts.endsAt,
      extraSeconds: examAttempts.extraSeconds,
      score: examAttempts.score,
      result: examAttempts.result,
      total: count(attemptQuestions.questionId),
      answered: sql<number>`count(${attemptQuestions.chosenAnswerId})::int`,
    })
    .from(examAttempts)
    .leftJoin(attemptQuestions, eq(attemptQuestions.attemptId, examAttempts.id))
    .where(eq(examAttempts.sessionId, sessionId))
    .groupBy(examAttempts.id);
  const attemptOf = new Map(attempts.map((attempt) => [attempt.bookingId, attempt]));
  const candidates: LiveCandidate[] = [];
  for (const seat of seats) {
    const checkin = await checkinStateOf(
      ctx.db,
      { ...seat, id: seat.bookingId, delivery: session.delivery },
      rules.checkin,
    );
    const attempt = attemptOf.get(seat.bookingId);
    const liveSeat = {
      session,
      bookingStatus: seat.bookingStatus,
      checkin,
      hasAttempt: attempt !== undefined,
    };
    candidates.push({
      ...seat,
      abilities: examAttemptsPolicy.abilities(ctx.actor, liveSeat, ['admit', 'markAttended', 'markAbsent']),
      checkin: {
        complete: checkin.complete,
        idNumberChecked: checkin.idNumberChecked,
        photos: [...checkin.photos],
        fingerprintEnrolled: checkin.fingerprintEnrolled,
        fingerprintChecked: checkin.fingerprintChecked,
        admitted: checkin.admitted,
      },
      attempt: attempt
        ? {
            id: attempt.id,
            status: attempt.status,
            answered: Number(attempt.answered),
            total: Number(attempt.total),
            secondsLeft: attempt.status === 'submitted' ? 0 : secondsLeftOf(attempt.endsAt, now),
            extraSeconds: attempt.extraSeconds,
            extraMinutesGrantable:
              attempt.status === 'submitted'
                ? 0
                : grantableExtraMinutes(attempt, session.endsAt, rules.extraTimeMaxMinutes),
            score: attempt.score,
            result: attempt.result,
            abilities: examAttemptsPolicy.abilities(ctx.actor, { session, status: attempt.status }, [
              'extraTime',
              'stop',
              'restart',
              'practicalScore',
            ]),
          }
        : null,
    });
  }
  return {
    serverNow: now.toISOString(),
    session: {
      id: session.id,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      delivery: session.delivery,
      courseNameEn: session.courseNameEn,
      courseNameAr: session.courseNameAr,
      branchNameEn: session.branchNameEn,
      branchNameAr: session.branchNameAr,
    },
    candidates,
  };
}
