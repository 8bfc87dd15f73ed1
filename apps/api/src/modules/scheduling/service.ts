import { randomUUID } from 'node:crypto';
import {
  type ExamSessionInput,
  type NewTrainingSessionInput,
  riyadhInstant,
  riyadhLocalOf,
  SESSION_RANGE_MAX_DAYS,
  SESSION_REPEAT_MAX,
  type SessionDetail,
  type SessionEditScope,
  type SessionItem,
  type SessionKind,
  type SessionListQuery,
} from '@tasreeh/shared';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { namingClashes, plan, refuseClash, refusePastStart, rowOf, timesOf } from './checks.ts';
import * as policy from './policy.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;

function toItem(row: repo.SessionRow): SessionItem {
  return {
    id: row.id,
    kind: row.kind,
    courseId: row.courseId,
    course: { id: row.courseId, nameEn: row.courseNameEn, nameAr: row.courseNameAr },
    branchId: row.branchId,
    branch: { id: row.branchId, nameEn: row.branchNameEn, nameAr: row.branchNameAr },
    classroomId: row.classroomId,
    room:
      row.classroomId !== null && row.roomName !== null ? { id: row.classroomId, name: row.roomName } : null,
    delivery: row.delivery,
    language: row.language,
    examType: row.examType,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    capacity: row.capacity,
    seatsLeft: Math.max(0, row.capacity - row.seatsTaken),
    staff:
      row.staffUserId !== null && row.staffNameEn !== null && row.staffNameAr !== null
        ? { id: row.staffUserId, nameEn: row.staffNameEn, nameAr: row.staffNameAr }
        : null,
    status: row.status,
    seriesId: row.seriesId,
  };
}

/**
 * The sessions of a period of Riyadh days (both ends included) the actor may see: staff with
 * read on scheduling (branch staff their branch's), instructors and examiners their own,
 * students and corporates the scheduled sessions still to start.
 */
export async function listSessions(ctx: Ctx, query: SessionListQuery) {
  if (query.to < query.from) throw invalidField('to', 'END_BEFORE_START');
  const from = riyadhInstant(query.from, '00:00');
  const to = new Date(riyadhInstant(query.to, '00:00').getTime() + DAY_MS);
  if (to.getTime() - from.getTime() > SESSION_RANGE_MAX_DAYS * DAY_MS) {
    throw new AppError('SESSION_RANGE_TOO_LONG', {
      status: 400,
      params: { days: SESSION_RANGE_MAX_DAYS },
      fields: { to: 'SESSION_RANGE_TOO_LONG' },
    });
  }
  const scope = policy.viewScopeOf(actorOf(ctx), new Date());
  const rows = await repo.listSessions(ctx.db, {
    from,
    to,
    branchId: query.branchId,
    courseId: query.courseId,
    kind: query.kind,
    ...scope,
  });
  return { items: rows.map(toItem) };
}

/** One session the actor may see (404 otherwise), with what the actor may do with it. */
export async function getSession(ctx: Ctx, id: number): Promise<SessionDetail> {
  const actor = actorOf(ctx);
  const row = await repo.findSession(ctx.db, id);
  const now = new Date();
  if (!row || !policy.canSee(actor, row, now)) throw notFound();
  return { ...toItem(row), seatsTaken: row.seatsTaken, abilities: policy.abilitiesOf(actor, row, now) };
}

/** What the scheduling forms and filters choose from, limited to the actor's branch for branch staff. */
export async function sessionFormOptions(ctx: Ctx) {
  const scope = policy.branchScopeOfStaff(actorOf(ctx));
  const [branchRows, roomRows, courses, instructors, examiners] = await Promise.all([
    repo.listBranchOptions(ctx.db, scope),
    repo.listRoomOptions(ctx.db, scope),
    repo.listCourseOptions(ctx.db),
    repo.listStaff(ctx.db, 'Instructor', scope),
    repo.listStaff(ctx.db, 'Examiner', scope),
  ]);
  const named = ({ id, nameEn, nameAr }: { id: number; nameEn: string; nameAr: string }) => ({
    id,
    nameEn,
    nameAr,
  });
  return {
    branches: branchRows.map((branch) => ({
      ...branch,
      rooms: roomRows
        .filter((room) => room.branchId === branch.id)
        .map(({ id, name, capacity }) => ({ id, name, capacity })),
    })),
    courses: courses.map((course) => ({
      ...named(course),
      language: course.language,
      hasExam: course.examId !== null,
    })),
    instructors: instructors.map(named),
    examiners: examiners.map(named),
  };
}

/** The dates of a weekly repeat: the first date, then every seventh day until `until` (inclusive). */
function repeatDates(first: string, until: string | null | undefined): string[] {
  const dates = [first];
  if (!until) return dates;
  for (let day = new Date(`${first}T00:00:00Z`).getTime() + 7 * DAY_MS; ; day += 7 * DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (date > until) break;
    dates.push(date);
    if (dates.length > SESSION_REPEAT_MAX) {
      throw new AppError('SESSION_REPEAT_TOO_LONG', {
        status: 400,
        params: { count: SESSION_REPEAT_MAX },
        fields: { repeatWeeklyUntil: 'SESSION_REPEAT_TOO_LONG' },
      });
    }
  }
  return dates;
}

async function plannedTraining(ctx: Ctx, input: NewTrainingSessionInput) {
  const planned = await plan(ctx, 'training', input);
  refusePastStart(timesOf(planned, input.date), new Date());
  const times = repeatDates(input.date, input.repeatWeeklyUntil).map((date) => timesOf(planned, date));
  return { planned, times };
}

const createTrainingCommand = command({
  name: 'session.create_training',
  entity: 'scheduled_sessions',
  authorize: policy.schedulingPolicy.authorize('create'),
  run: async (ctx, input: NewTrainingSessionInput) => {
    const { planned, times } = await plannedTraining(ctx, input);
    for (const each of times) await refuseClash(ctx, planned, each);
    const seriesId = times.length > 1 ? randomUUID() : null;
    const createdByUserId = actorOf(ctx).userId;
    const ids = await repo.insertSessions(
      ctx.db,
      times.map((each) => ({ ...rowOf(planned), ...each, seriesId, createdByUserId })),
    );
    return { ids, seriesId };
  },
  audit: ({ input, result }) => ({ entityId: result.ids[0] ?? null, after: { ...input, ...result } }),
  message: 'RECORDS_SAVED',
});

/** Adds a training session; with a weekly repeat, one a week until the date given, sharing a series id. */
export function createTrainingSession(ctx: Ctx, input: NewTrainingSessionInput) {
  return namingClashes(
    ctx,
    () => createTrainingCommand(ctx, input),
    async () => {
      const { planned, times } = await plannedTraining(ctx, input);
      for (const each of times) await refuseClash(ctx, planned, each);
    },
  );
}

const createExamCommand = command({
  name: 'session.create_exam',
  entity: 'scheduled_sessions',
  authorize: policy.schedulingPolicy.authorize('create'),
  run: async (ctx, input: ExamSessionInput) => {
    const planned = await plan(ctx, 'exam', input);
    const times = timesOf(planned, input.date);
    refusePastStart(times, new Date());
    await refuseClash(ctx, planned, times);
    const ids = await repo.insertSessions(ctx.db, [
      { ...rowOf(planned), ...times, createdByUserId: actorOf(ctx).userId },
    ]);
    return { ids, seriesId: null };
  },
  audit: ({ input, result }) => ({ entityId: result.ids[0] ?? null, after: { ...input, ...result } }),
  message: 'RECORDS_SAVED',
});

/** Adds an exam session: a sitting of the course's exam in a room of the branch, with its examiner. */
export function createExamSession(ctx: Ctx, input: ExamSessionInput) {
  return namingClashes(
    ctx,
    () => createExamCommand(ctx, input),
    async () => {
      const planned = await plan(ctx, 'exam', input);
      await refuseClash(ctx, planned, timesOf(planned, input.date));
    },
  );
}

type Changeable = Awaited<ReturnType<typeof loadForChange>>;

/** The session to change, locked: in the actor's scope (404 otherwise), of that kind, not cancelled. */
export async function loadForChange(ctx: Ctx, id: number, kind?: SessionKind) {
  const row = await findVisibleSession(ctx, id, kind);
  if (row.status === 'cancelled') throw new AppError('SESSION_CANCELLED_ALREADY', { status: 409 });
  await repo.lockSession(ctx.db, id);
  return toItem(row);
}

/** A session the actor sees, of the kind asked for; 404 for any other. */
async function findVisibleSession(ctx: Ctx, id: number, kind?: SessionKind) {
  const row = await repo.findSession(ctx.db, id);
  if (!row || !policy.canSee(actorOf(ctx), row, new Date()) || (kind && row.kind !== kind)) throw notFound();
  return row;
}

/** The route guard of a session's changes: one the actor does not see (or of another kind) is 404, before the form is read. */
export function sessionGuard(kind?: SessionKind) {
  return async (ctx: Ctx, { id }: { id: number }): Promise<void> => {
    await findVisibleSession(ctx, id, kind);
  };
}

/** Refuses to cancel a session with a booking holding a seat, naming a later session of the series by its date. */
async function refuseBooked(ctx: Ctx, targetId: number, session: repo.SessionRow) {
  if ((await repo.countLiveBookings(ctx.db, session.id)) === 0) return;
  if (session.id === targetId) throw new AppError('SESSION_HAS_BOOKINGS', { status: 409 });
  throw new AppError('SESSION_SERIES_HAS_BOOKINGS', {
    status: 409,
    params: { date: riyadhLocalOf(session.startsAt).date },
    data: { sessionId: session.id },
  });
}

/**
 * Cancels a session that has no booking holding a seat, or with scope `following` it and the
 * later scheduled sessions of its series, all or none. One with bookings is refused
 * (SESSION_HAS_BOOKINGS): its bookings are cancelled or moved first, under their own rules.
 */
export const cancelSession = command({
  name: 'session.cancel',
  entity: 'scheduled_sessions',
  load: (ctx, { id }: { id: number; scope: SessionEditScope }) => loadForChange(ctx, id),
  authorize: policy.schedulingPolicy.authorize('delete', (session: Changeable) => session),
  run: async (ctx, { id, scope }, session) => {
    const anchor = { id, seriesId: session.seriesId, startsAt: new Date(session.startsAt) };
    const sessions = await repo.lockSessionsToChange(ctx.db, anchor, scope === 'following');
    for (const each of sessions) await refuseBooked(ctx, id, each);
    for (const each of sessions) await repo.cancelSession(ctx.db, each.id);
    return { id, ids: sessions.map((each) => each.id) };
  },
  audit: ({ result }) => ({ after: { status: 'cancelled', ids: result.ids } }),
  message: 'SESSION_CANCELLED',
});
