import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bookings, scheduledSessions } from '../../../db/schema/index.ts';

/** A booking with what moving it depends on (whose, its status, its session's course, kind, branch and start), locked. */
export async function lockBooking(db: Db, id: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      studentId: bookings.studentId,
      corporateId: bookings.corporateId,
      sessionId: bookings.sessionId,
      courseId: scheduledSessions.courseId,
      kind: scheduledSessions.kind,
      examType: scheduledSessions.examType,
      branchId: scheduledSessions.branchId,
      startsAt: scheduledSessions.startsAt,
    })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .where(eq(bookings.id, id))
    .for('update', { of: bookings });
  return row;
}

/** The course and kind of a session a booking is moved to. */
export async function findSessionCourse(db: Db, sessionId: number) {
  const [row] = await db
    .select({
      courseId: scheduledSessions.courseId,
      kind: scheduledSessions.kind,
      examType: scheduledSessions.examType,
    })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, sessionId));
  return row;
}

/** Puts a booking in another session; its price, payments and invoices stay as they are. */
export async function setSession(db: Db, id: number, sessionId: number) {
  await db.update(bookings).set({ sessionId, updatedAt: new Date() }).where(eq(bookings.id, id));
}
