import { type Action, canAccess, isBackOfficeType, Resource, type UserType } from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import { bankAccessOf } from '../assessments/index.ts';
import type { MyExamScope } from './my-exams/repo.ts';

/** Who never proctors: candidates, the corporates that book for them, and the centres' own logins. */
const NOT_STAFF = new Set<UserType>(['student', 'corporate', 'training center', 'medical center']);

/** The types a proctor route lets through; the rules `watch`/`proctor` then decide on the session. */
const PROCTOR_TYPES = [
  'super admin',
  'branch admin',
  'CFO',
  'CEO',
  'COO',
  'TrainingManager',
  'manager',
  'HeadOfIT',
  'DevTeam',
  'Amanah',
  'Teller',
  'branchaccountant',
  'Instructor',
  'Examiner',
] as const satisfies readonly UserType[];

/** An exam session as the proctoring rules read it: the examiner it is given to, its branch. */
interface ProctoredSession {
  staffUserId: number | null;
  branchId: number;
}

type ProctorAction = Extract<Action, 'read' | 'edit'>;

/**
 * Whether an actor proctors an exam session: the examiner it is given to (its `staff_user_id`),
 * or staff holding `read` (the live view) or `edit` (every action) on scheduling (resource 8)
 * within their branch scope.
 */
function mayProctor(actor: Actor, session: ProctoredSession, action: ProctorAction): boolean {
  if (NOT_STAFF.has(actor.type)) return false;
  if (session.staffUserId !== null && session.staffUserId === actor.userId) return true;
  if (!canAccess(actor.privileges, Resource.Scheduling, action)) return false;
  const scope = branchScopeOf(actor);
  return scope === undefined || scope === session.branchId;
}

/**
 * Whether a caller may proctor some session at all, before any row is read: not candidates,
 * corporates, centres, nor back-office staff without read/edit on scheduling. An examiner or
 * instructor without the permission may still proctor the sessions given to it, which only the
 * row tells.
 */
function mayProctorSome(actor: Actor, action: ProctorAction): boolean {
  if (NOT_STAFF.has(actor.type)) return false;
  return !(isBackOfficeType(actor.type) && !canAccess(actor.privileges, Resource.Scheduling, action));
}

/** A seat of the live view, as its actions' rules read it. */
interface LiveSeat {
  session: ProctoredSession & { startsAt: Date };
  bookingStatus: string;
  checkin: { complete: boolean; admitted: boolean };
  hasAttempt: boolean;
}

/** An attempt of the live view, as its actions' rules read it. */
interface LiveAttempt {
  session: ProctoredSession;
  status: string;
}

const proctors = (actor: Actor, session: ProctoredSession) => mayProctor(actor, session, 'edit');
const inProgress = (actor: Actor, attempt: LiveAttempt) =>
  proctors(actor, attempt.session) && attempt.status === 'in_progress';
/** Attendance is marked on a candidate's seat (Booked, Attended, Absent) from the session's start. */
const markable = (actor: Actor, seat: LiveSeat) =>
  proctors(actor, seat.session) &&
  ['Booked', 'Attended', 'Absent'].includes(seat.bookingStatus) &&
  seat.session.startsAt <= new Date();

/**
 * Sitting an exam and proctoring it (issue 12, the exam-attempt contract). The candidate sits its
 * own attempt (another's is 404: ids cannot be probed); staff proctor an exam session — the
 * examiner it is given to, or staff with read_8 (watch the live view) or edit_8 (every action) in
 * their branch. The candidate's exam lists: a student its own, a corporate its students'.
 */
export const examAttemptsPolicy = definePolicy({
  area: 'exam-attempts',
  routes: {
    candidate: { types: ['student'] },
    session: 'session',
    /** The calling Examiner's own assigned sessions. */
    assigned: { types: ['Examiner'], owners: ['Examiner'] },
    /** The rules `watch`/`proctor` decide on the session. */
    proctor: { types: PROCTOR_TYPES },
    myExams: { types: ['student', 'corporate'] },
  },
  rules: {
    /** Starting or answering: a candidate (which attempt is its own, only the row tells: 404). */
    sitSome: (actor) => actor.type === 'student',
    /** The candidate's own attempt. */
    sit: (actor, attempt: { studentId: number }) =>
      actor.type === 'student' && actor.studentId !== null && attempt.studentId === actor.studentId,
    /** Watching some session (read_8, or an examiner), before any row is read. */
    watchSome: (actor) => mayProctorSome(actor, 'read'),
    /** Acting on some session (edit_8, or an examiner), before any row is read. */
    proctorSome: (actor) => mayProctorSome(actor, 'edit'),
    watch: (actor, session: ProctoredSession) => mayProctor(actor, session, 'read'),
    proctor: proctors,
    /** The candidate may yet start: its check-in is not complete nor admitted, it has no attempt, the seat is live. */
    admit: (actor, seat: LiveSeat) =>
      proctors(actor, seat.session) &&
      (seat.bookingStatus === 'Booked' || seat.bookingStatus === 'Attended') &&
      !seat.checkin.complete &&
      !seat.checkin.admitted &&
      !seat.hasAttempt,
    markAttended: markable,
    /** A candidate with an attempt sat the exam: never Absent. */
    markAbsent: (actor, seat: LiveSeat) => markable(actor, seat) && !seat.hasAttempt,
    extraTime: inProgress,
    stop: inProgress,
    restart: inProgress,
    /** The practical part's score, once the attempt is submitted. */
    practicalScore: (actor, attempt: LiveAttempt) =>
      proctors(actor, attempt.session) && attempt.status === 'submitted',
  },
});

/** The refusal of a caller who may not (403), for the proctoring checks made in `load` before a row is read. */
export function assertProctorSome(actor: Actor, action: ProctorAction): void {
  examAttemptsPolicy.assert(actor, action === 'read' ? 'watchSome' : 'proctorSome', undefined);
}

/** The refusal of a caller who does not proctor this session (403). */
export function assertProctor(actor: Actor, session: ProctoredSession, action: ProctorAction): void {
  examAttemptsPolicy.assert(actor, action === 'read' ? 'watch' : 'proctor', session);
}

/**
 * Whether an attempt's review may say which answer was correct (decision 0026). Only those who
 * may read the course's question banks, which hold every answer key: staff with read_7, or the
 * examiner assigned to an exam session of the course (the assessments policy); and the candidate,
 * once its attempt is submitted, when the exam's review setting is 'answers'. Whoever else may
 * see the attempt (proctoring staff with scheduling read: tellers, branch admins) is not told.
 * It reads the banks' access, so it is a function beside the policy rather than one of its rules.
 */
export async function mayReadAnswerKey(
  db: Db,
  actor: Actor,
  attempt: { studentId: number; status: string; review: string; courseId: number },
): Promise<boolean> {
  if (actor.type === 'student') {
    return (
      examAttemptsPolicy.may(actor, 'sit', attempt) &&
      attempt.status === 'submitted' &&
      attempt.review === 'answers'
    );
  }
  return (await bankAccessOf(db, actor, attempt.courseId)).read;
}

/** The rows of the candidate's exam lists: a student its own, a corporate its students' (read-only); others 403. */
export function myExamScopeOf(actor: Actor): MyExamScope {
  if (actor.type === 'student') return { studentId: actor.studentId ?? -1 };
  if (actor.type === 'corporate') return { corporateId: actor.corporateId ?? -1 };
  throw forbidden();
}
