import type { BookingStatus } from '@tasreeh/shared';
import { and, asc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  bookings,
  branches,
  courses,
  feeSetups,
  scheduledSessions,
  students,
  users,
} from '../../db/schema/index.ts';
import {
  countMatches,
  keysetPage,
  likeLiteral,
  matchingRows,
  type PageRequest,
  type SortSpec,
} from '../../lib/keyset.ts';

/** Whose a booking is and its session's branch: what decides who may change it (no lock). */
export async function findBookingOwners(db: Db, id: number) {
  const [row] = await db
    .select({
      studentId: bookings.studentId,
      corporateId: bookings.corporateId,
      branchId: scheduledSessions.branchId,
    })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .where(eq(bookings.id, id));
  return row;
}

/** Takes `n` seats of a bookable session in one conditional write; nothing when it cannot. */
export async function takeSeats(db: Db, sessionId: number, n: number) {
  const [row] = await db
    .update(scheduledSessions)
    .set({ seatsTaken: sql`${scheduledSessions.seatsTaken} + ${n}` })
    .where(
      and(
        eq(scheduledSessions.id, sessionId),
        eq(scheduledSessions.status, 'scheduled'),
        sql`${scheduledSessions.startsAt} > now()`,
        sql`${scheduledSessions.seatsTaken} + ${n} <= ${scheduledSessions.capacity}`,
      ),
    )
    .returning({
      id: scheduledSessions.id,
      courseId: scheduledSessions.courseId,
      branchId: scheduledSessions.branchId,
      examType: scheduledSessions.examType,
    });
  return row;
}

/** Gives one seat of a session back (a cancelled or moved booking's). */
export async function releaseSeat(db: Db, sessionId: number) {
  await db
    .update(scheduledSessions)
    .set({ seatsTaken: sql`${scheduledSessions.seatsTaken} - 1` })
    .where(and(eq(scheduledSessions.id, sessionId), gt(scheduledSessions.seatsTaken, 0)));
}

/** Why a session could not give seats: whether it exists, is open, and how many seats it has left. */
export async function findSessionState(db: Db, sessionId: number) {
  const [row] = await db
    .select({
      status: scheduledSessions.status,
      started: sql<boolean>`${scheduledSessions.startsAt} <= now()`,
      seatsLeft: sql<number>`${scheduledSessions.capacity} - ${scheduledSessions.seatsTaken}`,
      branchId: scheduledSessions.branchId,
    })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, sessionId));
  return row;
}

/** The students a booking is for, with what decides whether they may be booked. */
export async function findStudents(db: Db, ids: number[]) {
  return db
    .select({
      id: students.id,
      branchId: students.branchId,
      corporateId: students.corporateId,
      onHold: students.onHold,
    })
    .from(students)
    .where(inArray(students.id, ids));
}

const feeColumns = {
  originalFee: feeSetups.originalFee,
  amanaFeeKind: feeSetups.amanaFeeKind,
  amanaFee: feeSetups.amanaFee,
  vatRate: feeSetups.vatRate,
  vatOnOriginal: feeSetups.vatOnOriginal,
  vatOnAmana: feeSetups.vatOnAmana,
};

/** The active courses, by English name, with their fee setups (a centre has tens, not thousands). */
export function findActiveCourses(db: Db) {
  return db
    .select({ id: courses.id, nameEn: courses.nameEn, nameAr: courses.nameAr, fees: feeColumns })
    .from(courses)
    .innerJoin(feeSetups, eq(feeSetups.id, courses.feeSetupId))
    .where(eq(courses.status, 'active'))
    .orderBy(asc(courses.nameEn))
    .limit(500);
}

/** The fee setup of a course: what its booking costs. */
export async function findCourseFees(db: Db, courseId: number) {
  const [row] = await db
    .select(feeColumns)
    .from(courses)
    .innerJoin(feeSetups, eq(feeSetups.id, courses.feeSetupId))
    .where(eq(courses.id, courseId));
  return row;
}

/** A booking to insert; its hold may be an SQL expression of the database clock. */
export type FeeSetupRow = NonNullable<Awaited<ReturnType<typeof findCourseFees>>>;

export type NewBooking = PgInsertValue<typeof bookings>;

const bookingColumns = {
  id: bookings.id,
  number: bookings.number,
  status: bookings.status,
  channel: bookings.channel,
  paymentType: bookings.paymentType,
  paymentTiming: bookings.paymentTiming,
  holdExpiresAt: bookings.holdExpiresAt,
  sessionId: bookings.sessionId,
  studentId: bookings.studentId,
  corporateId: bookings.corporateId,
  batchId: bookings.batchId,
  originalFee: bookings.originalFee,
  amanaFee: bookings.amanaFee,
  vat: bookings.vat,
  total: bookings.total,
  amountPaid: bookings.amountPaid,
  createdAt: bookings.createdAt,
};
export function insertBookings(db: Db, rows: NewBooking[]) {
  return db.insert(bookings).values(rows).returning(bookingColumns);
}
export type BookingRow = Awaited<ReturnType<typeof insertBookings>>[number];

const summaryColumns = {
  ...bookingColumns,
  session: {
    id: scheduledSessions.id,
    kind: scheduledSessions.kind,
    examType: scheduledSessions.examType,
    courseId: scheduledSessions.courseId,
    courseNameEn: courses.nameEn,
    courseNameAr: courses.nameAr,
    branchId: scheduledSessions.branchId,
    branchNameEn: branches.nameEn,
    branchNameAr: branches.nameAr,
    delivery: scheduledSessions.delivery,
    language: scheduledSessions.language,
    startsAt: scheduledSessions.startsAt,
    endsAt: scheduledSessions.endsAt,
  },
  student: { id: students.id, nameEn: users.nameEn, nameAr: users.nameAr, idNumber: users.idNumber },
};

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .innerJoin(branches, eq(branches.id, scheduledSessions.branchId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId));
}

/** Which bookings an actor sees: a student's own, a corporate's (booked by it or of its students), a branch's. */
export type BookingScope = { studentId: number } | { corporateId: number } | { branchId?: number };

function scopeCondition(scope: BookingScope): SQL | undefined {
  if ('studentId' in scope) return eq(bookings.studentId, scope.studentId);
  if ('corporateId' in scope) {
    return or(eq(bookings.corporateId, scope.corporateId), eq(students.corporateId, scope.corporateId));
  }
  return scope.branchId === undefined ? undefined : eq(scheduledSessions.branchId, scope.branchId);
}

type Sortable = { id: number; createdAt: Date; session: { startsAt: Date } };
const SORTS: Record<'createdAt' | 'startsAt', SortSpec<Sortable>> = {
  createdAt: { column: bookings.createdAt, valueOf: (row) => row.createdAt.toISOString(), kind: 'timestamp' },
  startsAt: {
    column: scheduledSessions.startsAt,
    valueOf: (row) => row.session.startsAt.toISOString(),
    kind: 'timestamp',
  },
};

export interface BookingFilter {
  search?: string;
  status?: BookingStatus;
  from?: string;
  to?: string;
  branchId?: number;
  courseId?: number;
  sessionId?: number;
}
export type BookingListFilter = BookingFilter & PageRequest & { sort: keyof typeof SORTS };

/** The first instant of a calendar day in the centre's time zone (Asia/Riyadh, UTC+3 all year). */
function riyadhDayStart(day: string, plusDays = 0): Date {
  const start = new Date(`${day}T00:00:00+03:00`);
  return new Date(start.getTime() + plusDays * 86_400_000);
}

function bookingsMatching(scope: BookingScope, filter: BookingFilter) {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filter.status) conditions.push(eq(bookings.status, filter.status));
  if (filter.branchId) conditions.push(eq(scheduledSessions.branchId, filter.branchId));
  if (filter.courseId) conditions.push(eq(scheduledSessions.courseId, filter.courseId));
  if (filter.sessionId) conditions.push(eq(bookings.sessionId, filter.sessionId));
  if (filter.from) conditions.push(gte(scheduledSessions.startsAt, riyadhDayStart(filter.from)));
  if (filter.to) conditions.push(lt(scheduledSessions.startsAt, riyadhDayStart(filter.to, 1)));
  if (filter.search) {
    conditions.push(sql`${users.idNumber} like ${`${likeLiteral(filter.search.toUpperCase())}%`}`);
  }
  return and(...conditions);
}

export function listBookings(db: Db, scope: BookingScope, filter: BookingListFilter) {
  return keysetPage(filter, {
    rows: summaries(db).$dynamic(),
    where: bookingsMatching(scope, filter),
    sort: SORTS[filter.sort],
    idColumn: bookings.id,
  });
}

export function countBookings(db: Db, scope: BookingScope, filter: BookingFilter) {
  return countMatches(
    db,
    matchingRows(db)
      .from(bookings)
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
      .innerJoin(students, eq(students.id, bookings.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(bookingsMatching(scope, filter))
      .$dynamic(),
  );
}

/** One booking inside the actor's scope, or nothing. */
export async function findBooking(db: Db, scope: BookingScope, id: number) {
  const [row] = await summaries(db).where(and(eq(bookings.id, id), scopeCondition(scope)));
  return row;
}

/**
 * Expires up to `limit` unpaid holds past their time and gives their seats back, in one
 * statement: rows another process (or a payment) holds are skipped, never waited for.
 */
export async function expireHolds(db: Db, limit: number): Promise<{ id: number; sessionId: number }[]> {
  const result = await db.execute(sql`
    with due as (
      select id from bookings
      where status = 'Pending Payment' and hold_expires_at <= now()
      order by hold_expires_at
      limit ${limit}
      for update skip locked
    ), expired as (
      update bookings set status = 'Expired', updated_at = now()
      from due where bookings.id = due.id
      returning bookings.id, bookings.session_id
    ), freed as (
      update scheduled_sessions set seats_taken = seats_taken - counted.n, updated_at = now()
      from (select session_id, count(*)::int as n from expired group by session_id) as counted
      where scheduled_sessions.id = counted.session_id
      returning scheduled_sessions.id
    )
    select expired.id, expired.session_id as "sessionId" from expired`);
  // Both drivers answer `execute` with `{ rows }`; the shared Db type leaves the result unknown.
  return (result as unknown as { rows: { id: number; sessionId: number }[] }).rows;
}

export type BookingSummaryRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/** The audit rows of holds the sweep expired: by the server (no actor). */
export async function auditExpiries(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.insert(auditLog).values(
    ids.map((id) => ({
      actorUserId: null,
      action: 'booking.expire',
      entity: 'bookings',
      entityId: String(id),
      after: { status: 'Expired' },
    })),
  );
}
