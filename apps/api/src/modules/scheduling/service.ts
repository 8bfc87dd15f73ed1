import { randomUUID } from 'node:crypto';
import {
  type ExamSessionInput,
  type NewTrainingSessionInput,
  riyadhInstant,
  riyadhLocalOf,
  SESSION_RANGE_MAX_DAYS,
  SESSION_REPEAT_MAX,
  type SessionDetail,
  type SessionItem,
  type SessionKind,
  type SessionListQuery,
  type TrainingSessionInput,
} from '@tasreeh/shared';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { constraintOf } from '../../lib/unique-violation.ts';
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

/** A session as it will be written: where, when, who, how many seats. */
interface Planned {
  kind: SessionKind;
  courseId: number;
  branchId: number;
  classroomId: number | null;
  delivery: 'remote' | 'in_person';
  language: string;
  examType: 'Assessment' | 'ReAssessment' | 'ReTake' | null;
  capacity: number;
  staffUserId: number;
  startTime: string;
  endTime: string;
}

/** Checks what a session refers to (course, branch in scope, room of that branch, staff of the right type). */
async function plan(
  ctx: Ctx,
  kind: SessionKind,
  input: TrainingSessionInput | ExamSessionInput,
): Promise<Planned> {
  const course = await repo.findCourse(ctx.db, input.courseId);
  if (!course) throw invalidField('courseId', 'SELECT_COURSE');
  if (kind === 'exam' && course.examId === null) throw invalidField('courseId', 'COURSE_HAS_NO_EXAM');
  const scope = policy.branchScopeOfStaff(actorOf(ctx));
  if (
    (scope !== undefined && scope !== input.branchId) ||
    !(await repo.findBranchExists(ctx.db, input.branchId))
  ) {
    throw invalidField('branchId', 'SELECT_BRANCH');
  }
  const remote = 'delivery' in input && input.delivery === 'remote';
  let capacity = 'capacity' in input ? (input.capacity ?? 0) : 0;
  let classroomId: number | null = null;
  if (!remote) {
    const room = input.classroomId ? await repo.findRoom(ctx.db, input.classroomId) : undefined;
    if (!room || room.branchId !== input.branchId) throw invalidField('classroomId', 'SELECT_CLASSROOM');
    classroomId = room.id;
    capacity = room.capacity;
  }
  const staffId = 'instructorId' in input ? input.instructorId : input.examinerId;
  const staffField = kind === 'training' ? 'instructorId' : 'examinerId';
  const staffCode = kind === 'training' ? 'SELECT_INSTRUCTOR' : 'SELECT_EXAMINER';
  const person = await repo.findStaffUser(ctx.db, staffId);
  if (person?.type !== (kind === 'training' ? 'Instructor' : 'Examiner') || person.status !== 'active') {
    throw invalidField(staffField, staffCode);
  }
  return {
    kind,
    courseId: input.courseId,
    branchId: input.branchId,
    classroomId,
    delivery: remote ? 'remote' : 'in_person',
    language: input.language,
    examType: 'examType' in input ? input.examType : null,
    capacity,
    staffUserId: staffId,
    startTime: input.startTime,
    endTime: input.endTime,
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

function timesOf(planned: Planned, date: string) {
  return { startsAt: riyadhInstant(date, planned.startTime), endsAt: riyadhInstant(date, planned.endTime) };
}

/** The 409 naming what a session clashes with: the room, or the instructor or examiner, and when. */
function clashError(ctx: Ctx, candidate: { classroomId: number | null }, clash: repo.SessionRow): AppError {
  const start = riyadhLocalOf(clash.startsAt);
  const end = riyadhLocalOf(clash.endsAt);
  const when = { date: start.date, start: start.time, end: end.time };
  if (candidate.classroomId !== null && clash.classroomId === candidate.classroomId) {
    return new AppError('SESSION_ROOM_CLASH', {
      status: 409,
      params: { room: clash.roomName ?? '', ...when },
      data: { clashSessionId: clash.id },
    });
  }
  const name = (ctx.lang === 'ar' ? clash.staffNameAr : clash.staffNameEn) ?? '';
  return new AppError('SESSION_STAFF_CLASH', {
    status: 409,
    params: { name, ...when },
    data: { clashSessionId: clash.id },
  });
}

async function refuseClash(
  ctx: Ctx,
  planned: Planned,
  times: { startsAt: Date; endsAt: Date },
  exceptId?: number,
) {
  const clash = await repo.findClash(ctx.db, {
    classroomId: planned.classroomId,
    staffUserId: planned.staffUserId,
    ...times,
    exceptId,
  });
  if (clash) throw clashError(ctx, planned, clash);
}

function isExclusionViolation(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return [error, cause].some((e) => typeof e === 'object' && e !== null && 'code' in e && e.code === '23P01');
}

/**
 * Runs a session write. A clash the checks inside it could not see (a parallel save) is refused
 * by the exclusion constraints (23P01); it is named by checking again once that transaction is
 * gone, and is otherwise a 409 to try again.
 */
async function namingClashes<Result>(
  ctx: Ctx,
  write: () => Promise<Result>,
  recheck: () => Promise<void>,
): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (!isExclusionViolation(error)) throw error;
    ctx.log.info({ constraint: constraintOf(error) }, 'session clash refused by the database');
    await recheck();
    throw new AppError('WRITE_CONFLICT', { status: 409 });
  }
}

async function plannedTraining(ctx: Ctx, input: NewTrainingSessionInput) {
  const planned = await plan(ctx, 'training', input);
  const times = repeatDates(input.date, input.repeatWeeklyUntil).map((date) => timesOf(planned, date));
  return { planned, times };
}

function rowOf({ startTime: _start, endTime: _end, ...row }: Planned) {
  return row;
}

const createTrainingCommand = command({
  name: 'session.create_training',
  entity: 'scheduled_sessions',
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
  run: async (ctx, input: ExamSessionInput) => {
    const planned = await plan(ctx, 'exam', input);
    const times = timesOf(planned, input.date);
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

/** The session to change, locked: in the actor's scope (404 otherwise), of that kind, not cancelled. */
async function loadForChange(ctx: Ctx, id: number, kind?: SessionKind) {
  const row = await repo.findSession(ctx.db, id);
  const actor = actorOf(ctx);
  if (!row || !policy.canSee(actor, row, new Date()) || (kind && row.kind !== kind)) throw notFound();
  if (row.status === 'cancelled') throw new AppError('SESSION_CANCELLED_ALREADY', { status: 409 });
  await repo.lockSession(ctx.db, id);
  return toItem(row);
}

type Edit<Input> = { id: number; input: Input };

async function applyEdit(ctx: Ctx, id: number, planned: Planned, date: string) {
  const times = timesOf(planned, date);
  await refuseClash(ctx, planned, times, id);
  const seatsTaken = (await repo.findSession(ctx.db, id))?.seatsTaken ?? 0;
  if (planned.capacity < seatsTaken) {
    throw new AppError('CAPACITY_BELOW_BOOKED', {
      status: 409,
      params: { count: seatsTaken },
      fields: { [planned.delivery === 'remote' ? 'capacity' : 'classroomId']: 'CAPACITY_BELOW_BOOKED' },
    });
  }
  await repo.updateSession(ctx.db, id, { ...rowOf(planned), ...times });
  return { ids: [id], seriesId: null };
}

const updateTrainingCommand = command({
  name: 'session.update_training',
  entity: 'scheduled_sessions',
  load: (ctx, { id }: Edit<TrainingSessionInput>) => loadForChange(ctx, id, 'training'),
  run: async (ctx, { id, input }) => applyEdit(ctx, id, await plan(ctx, 'training', input), input.date),
  audit: ({ input }) => ({ after: input.input }),
  message: 'RECORDS_UPDATED',
});

/** Changes one training session (not the rest of its series). */
export function updateTrainingSession(ctx: Ctx, edit: Edit<TrainingSessionInput>) {
  return namingClashes(
    ctx,
    () => updateTrainingCommand(ctx, edit),
    async () => {
      const planned = await plan(ctx, 'training', edit.input);
      await refuseClash(ctx, planned, timesOf(planned, edit.input.date), edit.id);
    },
  );
}

const updateExamCommand = command({
  name: 'session.update_exam',
  entity: 'scheduled_sessions',
  load: (ctx, { id }: Edit<ExamSessionInput>) => loadForChange(ctx, id, 'exam'),
  run: async (ctx, { id, input }) => applyEdit(ctx, id, await plan(ctx, 'exam', input), input.date),
  audit: ({ input }) => ({ after: input.input }),
  message: 'RECORDS_UPDATED',
});

/** Changes an exam session. */
export function updateExamSession(ctx: Ctx, edit: Edit<ExamSessionInput>) {
  return namingClashes(
    ctx,
    () => updateExamCommand(ctx, edit),
    async () => {
      const planned = await plan(ctx, 'exam', edit.input);
      await refuseClash(ctx, planned, timesOf(planned, edit.input.date), edit.id);
    },
  );
}

/**
 * Cancels a session that has no booking holding a seat; one with bookings is refused
 * (SESSION_HAS_BOOKINGS): its bookings are cancelled or moved first, under their own rules.
 */
export const cancelSession = command({
  name: 'session.cancel',
  entity: 'scheduled_sessions',
  load: (ctx, { id }: { id: number }) => loadForChange(ctx, id),
  run: async (ctx, { id }) => {
    if ((await repo.countLiveBookings(ctx.db, id)) > 0) {
      throw new AppError('SESSION_HAS_BOOKINGS', { status: 409 });
    }
    await repo.cancelSession(ctx.db, id);
    return { id };
  },
  audit: () => ({ after: { status: 'cancelled' } }),
  message: 'SESSION_CANCELLED',
});
