import type { AssignedSessionPage, AssignedSessionQuery } from '@tasreeh/shared';
import { centreDay } from '@tasreeh/shared';
import { and, eq, gte, lt } from 'drizzle-orm';
import { branches, courses, exams, scheduledSessions } from '../../../db/schema/index.ts';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { keysetPage, type SortSpec } from '../../../lib/keyset.ts';

/** The first instant of today in Riyadh (UTC+03:00 all year). */
function riyadhTodayStart(now: Date): Date {
  return new Date(`${centreDay(now)}T00:00:00+03:00`);
}

const BY_START: SortSpec<{ id: number; startsAt: Date }> = {
  column: scheduledSessions.startsAt,
  valueOf: (row) => row.startsAt.toISOString(),
  kind: 'timestamp',
};

/**
 * `GET /api/exam-sessions/assigned`: the exam sessions assigned to the calling Examiner (no one
 * else's: the route admits Examiners only and the rows are the caller's), with what its dashboard
 * links to — the live view and the question banks of the course's active exam. `upcoming` is today
 * (Riyadh) and later, soonest first; `past` the days before, latest first.
 */
export async function assignedSessions(
  ctx: Ctx,
  query: AssignedSessionQuery,
  now: Date = new Date(),
): Promise<AssignedSessionPage> {
  const actor = actorOf(ctx);
  const today = riyadhTodayStart(now);
  const rows = ctx.db
    .select({
      id: scheduledSessions.id,
      courseId: scheduledSessions.courseId,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
      branchNameEn: branches.nameEn,
      branchNameAr: branches.nameAr,
      startsAt: scheduledSessions.startsAt,
      endsAt: scheduledSessions.endsAt,
      examType: scheduledSessions.examType,
      language: scheduledSessions.language,
      delivery: scheduledSessions.delivery,
      status: scheduledSessions.status,
      seatsTaken: scheduledSessions.seatsTaken,
      examId: exams.id,
    })
    .from(scheduledSessions)
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .innerJoin(branches, eq(branches.id, scheduledSessions.branchId))
    .leftJoin(exams, and(eq(exams.courseId, scheduledSessions.courseId), eq(exams.status, 'active')))
    .$dynamic();
  const page = await keysetPage(
    { order: query.when === 'upcoming' ? 'asc' : 'desc', cursor: query.cursor, limit: query.limit },
    {
      rows,
      where: and(
        eq(scheduledSessions.staffUserId, actor.userId),
        eq(scheduledSessions.kind, 'exam'),
        query.when === 'upcoming'
          ? gte(scheduledSessions.startsAt, today)
          : lt(scheduledSessions.startsAt, today),
      ),
      sort: BY_START,
      idColumn: scheduledSessions.id,
    },
  );
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      ...row,
      examType: row.examType ?? 'Assessment',
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    })),
  };
}
