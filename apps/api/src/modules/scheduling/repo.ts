import { SEAT_HOLDING_STATUSES, type SessionKind } from '@tasreeh/shared';
import { and, asc, eq, gt, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  bookings,
  branches,
  classrooms,
  courses,
  exams,
  scheduledSessions as sessions,
  users,
} from '../../db/schema/index.ts';

const staff = alias(users, 'staff');

const columns = {
  id: sessions.id,
  kind: sessions.kind,
  courseId: sessions.courseId,
  courseNameEn: courses.nameEn,
  courseNameAr: courses.nameAr,
  branchId: sessions.branchId,
  branchNameEn: branches.nameEn,
  branchNameAr: branches.nameAr,
  classroomId: sessions.classroomId,
  roomName: classrooms.name,
  delivery: sessions.delivery,
  language: sessions.language,
  examType: sessions.examType,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
  capacity: sessions.capacity,
  seatsTaken: sessions.seatsTaken,
  staffUserId: sessions.staffUserId,
  staffNameEn: staff.nameEn,
  staffNameAr: staff.nameAr,
  status: sessions.status,
  seriesId: sessions.seriesId,
};

function selectSessions(db: Db) {
  return db
    .select(columns)
    .from(sessions)
    .innerJoin(courses, eq(courses.id, sessions.courseId))
    .innerJoin(branches, eq(branches.id, sessions.branchId))
    .leftJoin(classrooms, eq(classrooms.id, sessions.classroomId))
    .leftJoin(staff, eq(staff.id, sessions.staffUserId));
}

export type SessionRow = Awaited<ReturnType<typeof findSession>> & object;

/** Which sessions a list shows: the period and filters, and the actor's scope (never the caller's). */
export interface SessionFilter {
  from: Date;
  to: Date;
  branchId?: number;
  courseId?: number;
  kind?: SessionKind;
  /** Branch staff: their branch only. */
  scopeBranchId?: number;
  /** Instructor or examiner: their own sessions only. */
  staffUserId?: number;
  /** Students and corporates: scheduled sessions that start after this instant. */
  openAfter?: Date;
}

/** The most rows one period returns: a safety net, the period itself is capped. */
const LIST_LIMIT = 2000;

export function listSessions(db: Db, filter: SessionFilter) {
  const conditions: (SQL | undefined)[] = [
    gte(sessions.startsAt, filter.from),
    lt(sessions.startsAt, filter.to),
  ];
  if (filter.branchId !== undefined) conditions.push(eq(sessions.branchId, filter.branchId));
  if (filter.courseId !== undefined) conditions.push(eq(sessions.courseId, filter.courseId));
  if (filter.kind) conditions.push(eq(sessions.kind, filter.kind));
  if (filter.scopeBranchId !== undefined) conditions.push(eq(sessions.branchId, filter.scopeBranchId));
  if (filter.staffUserId !== undefined) conditions.push(eq(sessions.staffUserId, filter.staffUserId));
  if (filter.openAfter) {
    conditions.push(eq(sessions.status, 'scheduled'), gt(sessions.startsAt, filter.openAfter));
  }
  return selectSessions(db)
    .where(and(...conditions))
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(LIST_LIMIT);
}

export async function findSession(db: Db, id: number) {
  const [row] = await selectSessions(db).where(eq(sessions.id, id));
  return row;
}

/** Takes the session's row lock for a change (a booking's seat write waits for it). */
export async function lockSession(db: Db, id: number) {
  await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id)).for('update');
}

/**
 * For an edit or a cancel: locks a session and, for `following`, the later scheduled sessions of its series; returns
 * them, first to last, read after the lock (their seats as they are now).
 */
export async function lockSessionsToChange(
  db: Db,
  session: { id: number; seriesId: string | null; startsAt: Date },
  following: boolean,
) {
  const which =
    following && session.seriesId !== null
      ? and(
          eq(sessions.seriesId, session.seriesId),
          eq(sessions.status, 'scheduled'),
          gte(sessions.startsAt, session.startsAt),
        )
      : eq(sessions.id, session.id);
  const locked = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(which)
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .for('update');
  if (locked.length === 0) return [];
  return selectSessions(db)
    .where(
      inArray(
        sessions.id,
        locked.map((row) => row.id),
      ),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
}

export type NewSession = typeof sessions.$inferInsert;

export async function insertSessions(db: Db, values: NewSession[]) {
  const rows = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function updateSession(db: Db, id: number, values: Partial<NewSession>) {
  await db
    .update(sessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sessions.id, id));
}

export async function cancelSession(db: Db, id: number) {
  await db.update(sessions).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(sessions.id, id));
}

/** A scheduled session that holds a room or a staff member at overlapping times. */
export async function findClash(
  db: Db,
  candidate: {
    classroomId: number | null;
    staffUserId: number;
    startsAt: Date;
    endsAt: Date;
    exceptIds: number[];
  },
) {
  const who: SQL[] = [eq(sessions.staffUserId, candidate.staffUserId)];
  if (candidate.classroomId !== null) who.unshift(eq(sessions.classroomId, candidate.classroomId));
  const [row] = await selectSessions(db)
    .where(
      and(
        eq(sessions.status, 'scheduled'),
        or(...who),
        lt(sessions.startsAt, candidate.endsAt),
        gt(sessions.endsAt, candidate.startsAt),
        candidate.exceptIds.length === 0 ? undefined : notInArray(sessions.id, candidate.exceptIds),
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(1);
  return row;
}

/** How many bookings still hold a seat in a session. */
export async function countLiveBookings(db: Db, sessionId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.sessionId, sessionId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])));
  return row?.n ?? 0;
}

/** What a room's sessions say about deleting it: any live booking in them, any session at all. */
export async function roomSessionUse(db: Db, classroomId: number) {
  const [any] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.classroomId, classroomId))
    .limit(1);
  if (!any) return { hasSessions: false, hasBookings: false };
  const [booked] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(and(eq(sessions.classroomId, classroomId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .limit(1);
  return { hasSessions: true, hasBookings: Boolean(booked) };
}

export async function findCourse(db: Db, id: number) {
  const [row] = await db
    .select({ id: courses.id, examId: exams.id })
    .from(courses)
    .leftJoin(exams, and(eq(exams.courseId, courses.id), eq(exams.status, 'active')))
    .where(eq(courses.id, id));
  return row;
}

export async function findRoom(db: Db, id: number) {
  const [row] = await db
    .select({ id: classrooms.id, branchId: classrooms.branchId, capacity: classrooms.capacity })
    .from(classrooms)
    .where(eq(classrooms.id, id));
  return row;
}

export async function findBranchExists(db: Db, id: number) {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
  return Boolean(row);
}

export async function findStaffUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, type: users.type, status: users.status, branchId: users.branchId })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The active users of a type (instructors or examiners), in a branch and those of no branch when scoped. */
export function listStaff(db: Db, type: 'Instructor' | 'Examiner', branchId?: number) {
  return db
    .select({ id: users.id, nameEn: users.nameEn, nameAr: users.nameAr, branchId: users.branchId })
    .from(users)
    .where(
      and(
        eq(users.type, type),
        eq(users.status, 'active'),
        branchId === undefined ? undefined : or(eq(users.branchId, branchId), sql`${users.branchId} is null`),
      ),
    )
    .orderBy(asc(users.nameEn), asc(users.id))
    .limit(500);
}

export function listBranchOptions(db: Db, scopeBranchId?: number) {
  return db
    .select({ id: branches.id, nameEn: branches.nameEn, nameAr: branches.nameAr })
    .from(branches)
    .where(scopeBranchId === undefined ? undefined : eq(branches.id, scopeBranchId))
    .orderBy(asc(branches.nameEn), asc(branches.id))
    .limit(500);
}

export function listRoomOptions(db: Db, scopeBranchId?: number) {
  return db
    .select({
      id: classrooms.id,
      branchId: classrooms.branchId,
      name: classrooms.name,
      capacity: classrooms.capacity,
    })
    .from(classrooms)
    .where(scopeBranchId === undefined ? undefined : eq(classrooms.branchId, scopeBranchId))
    .orderBy(asc(classrooms.name), asc(classrooms.id))
    .limit(5000);
}

/** The active courses, with their language and exam (if any). */
export function listCourseOptions(db: Db) {
  return db
    .select({
      id: courses.id,
      nameEn: courses.nameEn,
      nameAr: courses.nameAr,
      language: courses.language,
      examId: exams.id,
    })
    .from(courses)
    .leftJoin(exams, and(eq(exams.courseId, courses.id), eq(exams.status, 'active')))
    .where(eq(courses.status, 'active'))
    .orderBy(asc(courses.nameEn), asc(courses.id))
    .limit(1000);
}
