import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintBroken } from '../test/constraint-broken.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import {
  bookings,
  classrooms,
  courses,
  invoices,
  payments,
  scheduledSessions,
  students,
  users,
} from './schema/index.ts';

/**
 * What the database itself refuses (migration 0019), whatever the code above it does: a room or
 * a staff member in two sessions at once, more seats taken than there are, a second live booking
 * of a student in one session, and any change to an issued invoice.
 */
let t: TestApp;
let session: { courseId: number; branchId: number; classroomId: number; staffUserId: number };

const hour = (h: number) => new Date(Date.UTC(2030, 0, 7, h));

beforeAll(async () => {
  t = await buildTestApp();
  const [course] = await t.db.select({ id: courses.id }).from(courses).limit(1);
  const [room] = await t.db
    .select({ id: classrooms.id, branchId: classrooms.branchId })
    .from(classrooms)
    .limit(1);
  const [instructor] = await t.db.select({ id: users.id }).from(users).where(eq(users.type, 'Instructor'));
  if (!course || !room || !instructor) throw new Error('the demo data has no course, room or instructor');
  session = {
    courseId: course.id,
    branchId: room.branchId,
    classroomId: room.id,
    staffUserId: instructor.id,
  };
});

afterAll(() => t.close());

function training(
  startHour: number,
  endHour: number,
  overrides: Partial<typeof scheduledSessions.$inferInsert> = {},
) {
  return t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      delivery: 'in_person',
      language: 'ar',
      startsAt: hour(startHour),
      endsAt: hour(endHour),
      capacity: 2,
      ...session,
      ...overrides,
    })
    .returning({ id: scheduledSessions.id });
}

describe('sessions', () => {
  it('refuse a room or a staff member at overlapping times, but not back to back or once cancelled', async () => {
    const [first] = await training(8, 10);
    expect(first?.id).toBeGreaterThan(0);
    await training(10, 12); // back to back: allowed
    expect(await constraintBroken(training(9, 11, { staffUserId: null }))).toBe(
      'scheduled_sessions_room_clash',
    );
    const [otherRoom] = await t.db
      .insert(classrooms)
      .values({ branchId: session.branchId, name: 'Clash test room', capacity: 5 })
      .returning({ id: classrooms.id });
    expect(await constraintBroken(training(9, 11, { classroomId: otherRoom?.id }))).toBe(
      'scheduled_sessions_staff_clash',
    );
    if (!first) return;
    await t.db
      .update(scheduledSessions)
      .set({ status: 'cancelled' })
      .where(eq(scheduledSessions.id, first.id));
    await training(8, 9); // the cancelled session no longer holds the room
  });

  it('refuse an end before the start and more seats taken than there are', async () => {
    expect(await constraintBroken(training(15, 14))).toBe('scheduled_sessions_time_check');
    const [row] = await training(16, 17);
    if (!row) throw new Error('no session');
    expect(
      await constraintBroken(
        t.db.update(scheduledSessions).set({ seatsTaken: 3 }).where(eq(scheduledSessions.id, row.id)),
      ),
    ).toBe('scheduled_sessions_seats_check');
  });
});

describe('bookings and invoices', () => {
  it('number a booking, keep one live booking per student and session, and never change an invoice', async () => {
    const [row] = await training(18, 19);
    const [student] = await t.db.select({ id: students.id, userId: students.userId }).from(students).limit(1);
    if (!row || !student) throw new Error('no session or student');
    const booking = {
      sessionId: row.id,
      studentId: student.id,
      channel: 'student' as const,
      originalFee: 10_000,
      amanaFee: 500,
      vat: 1575,
      total: 12_075,
      bookedByUserId: student.userId,
    };
    const [first] = await t.db
      .insert(bookings)
      .values(booking)
      .returning({ id: bookings.id, number: bookings.number });
    expect(first?.number).toBe(`BK-${String(first?.id).padStart(7, '0')}`);
    expect(await constraintBroken(t.db.insert(bookings).values(booking))).toBe('bookings_live_seat_key');
    if (!first) return;
    await t.db.update(bookings).set({ status: 'Cancelled' }).where(eq(bookings.id, first.id));
    await t.db.insert(bookings).values(booking); // a cancelled booking frees the student to book again

    const [payment] = await t.db
      .insert(payments)
      .values({
        purpose: 'booking',
        bookingId: first.id,
        payerStudentId: student.id,
        method: 'cash',
        status: 'paid',
        amount: 12_075,
        subtotal: 10_500,
        amanaFee: 500,
        vat: 1575,
        paidAt: new Date(),
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        kind: 'invoice',
        number: 'INV-TEST-1',
        paymentId: payment.id,
        issuedAt: new Date(),
        sellerNameEn: 'Tasreeh',
        sellerNameAr: 'تصريح',
        sellerVatNumber: '300000000000003',
        buyerName: 'A student',
        lines: [],
        subtotal: 10_500,
        amanaFee: 500,
        vat: 1575,
        total: 12_075,
        zatcaQr: 'AQ==',
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('no invoice');
    await expect(
      t.db.update(invoices).set({ total: 1 }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    const [kept] = await t.db
      .select({ total: invoices.total })
      .from(invoices)
      .where(eq(invoices.id, invoice.id));
    expect(kept?.total).toBe(12_075);
  });
});
