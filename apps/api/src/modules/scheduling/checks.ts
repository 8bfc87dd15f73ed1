import {
  type ExamSessionInput,
  riyadhInstant,
  riyadhLocalOf,
  type SessionKind,
  type TrainingSessionInput,
} from '@tasreeh/shared';
import { AppError, invalidField } from '../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { constraintOf } from '../../lib/unique-violation.ts';
import * as policy from './policy.ts';
import * as repo from './repo.ts';

/** A session as it will be written: where, when, who, how many seats. */
export interface Planned {
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

export interface Times {
  startsAt: Date;
  endsAt: Date;
}

/** Checks what a session refers to (course, branch in scope, room of that branch, staff of the right type). */
export async function plan(
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

/** The instants of a planned session on a Riyadh day. */
export function timesOf(planned: Planned, date: string): Times {
  return { startsAt: riyadhInstant(date, planned.startTime), endsAt: riyadhInstant(date, planned.endTime) };
}

/** The session's columns as written (its times of day become instants elsewhere). */
export function rowOf({ startTime: _start, endTime: _end, ...row }: Planned) {
  return row;
}

/**
 * Refuses a session that would start at or before `now` (the server's clock): on the date when
 * its Riyadh day is already over, on the start time when it is today.
 */
export function refusePastStart(times: Times, now: Date) {
  if (times.startsAt > now) return;
  const field = riyadhLocalOf(times.startsAt).date < riyadhLocalOf(now).date ? 'date' : 'startTime';
  throw invalidField(field, 'SESSION_START_IN_PAST');
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

/** Refuses a session whose room or staff member is taken at overlapping times (`exceptIds`: the sessions being rewritten). */
export async function refuseClash(ctx: Ctx, planned: Planned, times: Times, exceptIds: number[] = []) {
  const clash = await repo.findClash(ctx.db, {
    classroomId: planned.classroomId,
    staffUserId: planned.staffUserId,
    ...times,
    exceptIds,
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
export async function namingClashes<Result>(
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
