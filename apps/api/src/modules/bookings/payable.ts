import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, courses, scheduledSessions } from '../../db/schema/index.ts';

/** A booking with what paying and cancelling need of its session and course; locked when `lock`. */
export async function findPayableBooking(db: Db, id: number, lock: boolean) {
  const query = db
    .select({
      id: bookings.id,
      number: bookings.number,
      status: bookings.status,
      studentId: bookings.studentId,
      corporateId: bookings.corporateId,
      sessionId: bookings.sessionId,
      paymentType: bookings.paymentType,
      paymentTiming: bookings.paymentTiming,
      holdExpiresAt: bookings.holdExpiresAt,
      originalFee: bookings.originalFee,
      amanaFee: bookings.amanaFee,
      vat: bookings.vat,
      total: bookings.total,
      amountPaid: bookings.amountPaid,
      branchId: scheduledSessions.branchId,
      startsAt: scheduledSessions.startsAt,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
    })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .where(eq(bookings.id, id));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row;
}
export type PayableBooking = NonNullable<Awaited<ReturnType<typeof findPayableBooking>>>;
