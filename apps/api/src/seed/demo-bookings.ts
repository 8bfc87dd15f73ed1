import { randomUUID } from 'node:crypto';
import {
  type BookingStatus,
  HOLD_MINUTES,
  type PaymentMethod,
  riyadhInstant,
  riyadhLocalOf,
} from '@tasreeh/shared';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  bookings,
  classrooms,
  courses,
  payments,
  scheduledSessions,
  students,
  users,
  walletEntries,
} from '../db/schema/index.ts';
import { writeAudit } from '../lib/audit.ts';
import { priceOf } from '../modules/bookings/index.ts';
import { giveBackBooking, issueDocument } from '../modules/money/index.ts';
import { bookingLine } from '../modules/payments/index.ts';
import { DEMO_STUDENT_ID_NUMBER } from './demo-users.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export type Session = { id: number; courseId: number; branchId: number; startsAt: Date };
export const SESSION_COLUMNS = {
  id: scheduledSessions.id,
  courseId: scheduledSessions.courseId,
  branchId: scheduledSessions.branchId,
  startsAt: scheduledSessions.startsAt,
};
type Booking = typeof bookings.$inferSelect & {
  courseNameEn: string;
  courseNameAr: string;
  branchId: number;
};

/** What one demo payment was: its method, its outcome, and what the method records. */
interface DemoPayment {
  method: PaymentMethod;
  status: 'paid' | 'pending' | 'failed';
  takenBy?: number;
  extra?: Partial<typeof payments.$inferInsert>;
}

/**
 * The money side of the demo (issue 11): bookings in every status, payments by every method with
 * their invoices (numbered by the real series, with their ZATCA QR), a cancelled paid booking
 * with its credit note and balance credit, a corporate's deferred batch, and the demo student's
 * paid seat in the exam session that is open at start. Written as the booking and payment
 * services leave them; runs inside seedDemo, after the sessions, on a database with no users yet.
 */
export async function seedDemoBookings(
  db: Db,
  seller: Config['seller'],
  now: Date = new Date(),
): Promise<void> {
  const people = await demoPeople(db);
  const openExam = await findOpenExam(db, now);
  const trainings = await db
    .select(SESSION_COLUMNS)
    .from(scheduledSessions)
    .where(
      and(
        eq(scheduledSessions.kind, 'training'),
        eq(scheduledSessions.delivery, 'in_person'),
        gt(scheduledSessions.startsAt, now),
      ),
    )
    .orderBy(asc(scheduledSessions.startsAt), asc(scheduledSessions.id));
  const [first, second, third] = trainings;
  const past = await insertPastTraining(db, now);
  if (!people || !openExam || !first || !second || !third || !past) return;
  const { teller, student, walkIns, workers, corporateUserId, corporateId } = people;
  const [a, b, c, d, e, f, g, h] = walkIns;
  if (!a || !b || !c || !d || !e || !f || !g || !h || workers.length < 3) return;

  const make = (
    session: Session,
    studentId: number,
    status: BookingStatus,
    more: Partial<typeof bookings.$inferInsert> = {},
  ) =>
    insertBooking(db, session, {
      studentId,
      status,
      bookedByUserId: more.bookedByUserId ?? people.userOf(studentId),
      ...more,
    });
  const pay = (booking: Booking, payment: DemoPayment) => insertPayment(db, seller, booking, payment);
  const counter = { channel: 'counter' as const, bookedByUserId: teller.id };

  // The demo student: a paid seat in the exam that is open now, booked before it began.
  await pay(await make(openExam, student, 'Booked', counter), {
    method: 'cash',
    status: 'paid',
    takenBy: teller.id,
  });
  // A card payment cancelled before the session: a credit note, and the amount in the balance…
  const cancelled = await make(second, student, 'Booked');
  await pay(cancelled, { method: 'card', status: 'paid', extra: cardFields('mada') });
  await cancelPaid(db, seller, cancelled, people.userOf(student));
  // …spent on another training from the balance.
  await pay(await make(third, student, 'Booked'), { method: 'balance', status: 'paid' });

  await pay(await make(first, a, 'Booked'), { method: 'card', status: 'paid', extra: cardFields('visa') });
  await pay(await make(first, b, 'Booked', counter), {
    method: 'pos',
    status: 'paid',
    takenBy: teller.id,
    extra: { posReference: 'POS-DEMO-0001' },
  });
  await pay(await make(second, c, 'Pending'), {
    method: 'wire',
    status: 'pending',
    extra: {
      bankName: 'Al Rajhi Bank',
      accountNumber: '108000010006080123456',
      iban: 'SA4480000108608010123456',
    },
  });
  await make(second, d, 'Pending Payment', {
    holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS),
  });
  const expired = await make(third, e, 'Expired', { holdExpiresAt: new Date(now.getTime() - DAY_MS) });
  await pay(expired, {
    method: 'card',
    status: 'failed',
    extra: { ...cardFields('mastercard'), failureReason: 'declined' },
  });
  await pay(await make(past, f, 'Attended', counter), { method: 'cash', status: 'paid', takenBy: teller.id });
  await pay(await make(past, g, 'Absent', counter), { method: 'cash', status: 'paid', takenBy: teller.id });
  await make(third, h, 'Cancelled', { cancelledAt: now, cancelReason: 'changed shift' });

  // A corporate's workers, booked together on deferred terms: Booked with nothing paid yet.
  const batchId = randomUUID();
  for (const worker of workers.slice(0, 3)) {
    await make(third, worker, 'Booked', {
      channel: 'corporate',
      corporateId,
      batchId,
      paymentType: 'partial',
      paymentTiming: 'Deferred',
      bookedByUserId: corporateUserId,
    });
  }
}

export function cardFields(cardBrand: 'visa' | 'mastercard' | 'mada'): Partial<typeof payments.$inferInsert> {
  return { gateway: 'development', gatewayPaymentId: `demo_${randomUUID()}`, cardBrand };
}

/** The people the demo books: the teller, the demo student, students walking in alone, a corporate's workers. */
async function demoPeople(db: Db) {
  const [teller] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Teller')).limit(1);
  const rows = await db
    .select({
      id: students.id,
      userId: students.userId,
      corporateId: students.corporateId,
      idNumber: users.idNumber,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.onHold, false))
    .orderBy(asc(students.id));
  const student = rows.find((row) => row.idNumber === DEMO_STUDENT_ID_NUMBER);
  const workers = rows.filter((row) => row.corporateId !== null);
  const corporateId = workers[0]?.corporateId ?? null;
  if (!teller || !student || corporateId === null) return undefined;
  const [corporateUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.type, 'corporate'),
        sql`${users.id} = (select user_id from corporates where id = ${corporateId})`,
      ),
    );
  if (!corporateUser) return undefined;
  const userIds = new Map(rows.map((row) => [row.id, row.userId]));
  return {
    teller,
    student: student.id,
    walkIns: rows.filter((row) => row.corporateId === null && row.id !== student.id).map((row) => row.id),
    workers: workers.filter((row) => row.corporateId === corporateId).map((row) => row.id),
    corporateId,
    corporateUserId: corporateUser.id,
    userOf: (studentId: number) => userIds.get(studentId) ?? teller.id,
  };
}

async function findOpenExam(db: Db, now: Date): Promise<Session | undefined> {
  const [row] = await db
    .select(SESSION_COLUMNS)
    .from(scheduledSessions)
    .where(
      and(
        eq(scheduledSessions.kind, 'exam'),
        lte(scheduledSessions.startsAt, now),
        gt(scheduledSessions.endsAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** A training held a week ago in the first branch, whose students attended or did not. */
async function insertPastTraining(db: Db, now: Date): Promise<Session | undefined> {
  const [room] = await db
    .select({ id: classrooms.id, branchId: classrooms.branchId, capacity: classrooms.capacity })
    .from(classrooms)
    .orderBy(asc(classrooms.branchId), asc(classrooms.id))
    .limit(1);
  const [course] = await db
    .select({ id: courses.id, language: courses.language })
    .from(courses)
    .orderBy(asc(courses.id))
    .limit(1);
  const [instructor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, 'Instructor'))
    .limit(1);
  if (!room || !course || !instructor) return undefined;
  const day = riyadhLocalOf(new Date(now.getTime() - 7 * DAY_MS)).date;
  const [session] = await db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: course.id,
      branchId: room.branchId,
      classroomId: room.id,
      delivery: 'in_person',
      language: course.language,
      capacity: room.capacity,
      startsAt: riyadhInstant(day, '09:00'),
      endsAt: riyadhInstant(day, '12:00'),
      staffUserId: instructor.id,
    })
    .returning(SESSION_COLUMNS);
  return session;
}

/** A booking at the course's price; a seat-holding status takes its seat as the booking service does. */
export async function insertBooking(
  db: Db,
  session: Session,
  values: Omit<
    typeof bookings.$inferInsert,
    'sessionId' | 'originalFee' | 'amanaFee' | 'vat' | 'total' | 'channel'
  > &
    Partial<Pick<typeof bookings.$inferInsert, 'channel'>>,
): Promise<Booking> {
  const price = await priceOf(db, session.courseId);
  const [row] = await db
    .insert(bookings)
    .values({ channel: 'student', ...values, sessionId: session.id, ...price })
    .returning();
  const [course] = await db
    .select({ nameEn: courses.nameEn, nameAr: courses.nameAr })
    .from(courses)
    .where(eq(courses.id, session.courseId));
  if (!row || !course) throw new Error('demo booking not inserted');
  await writeAudit(db, {
    actorUserId: row.bookedByUserId,
    action: 'booking.create',
    entity: 'bookings',
    entityId: row.id,
    after: { status: row.status, total: row.total },
  });
  if (!['Cancelled', 'Expired'].includes(row.status)) {
    await db
      .update(scheduledSessions)
      .set({ seatsTaken: sql`${scheduledSessions.seatsTaken} + 1` })
      .where(eq(scheduledSessions.id, session.id));
  }
  return { ...row, courseNameEn: course.nameEn, courseNameAr: course.nameAr, branchId: session.branchId };
}

/**
 * The whole rest of a booking paid by one method, at the booking's creation; a paid one moves the
 * booking and gets its invoice. Returns the payment's id.
 */
export async function insertPayment(
  db: Db,
  seller: Config['seller'],
  booking: Booking,
  payment: DemoPayment,
): Promise<number> {
  const payer = {
    studentId: booking.corporateId === null ? booking.studentId : null,
    corporateId: booking.corporateId,
  };
  const parts = { subtotal: booking.originalFee, amanaFee: booking.amanaFee, vat: booking.vat };
  const paid = payment.status === 'paid';
  const [row] = await db
    .insert(payments)
    .values({
      purpose: 'booking',
      bookingId: booking.id,
      payerStudentId: payer.studentId,
      payerCorporateId: payer.corporateId,
      method: payment.method,
      status: payment.status,
      amount: booking.total,
      ...parts,
      branchId: booking.branchId,
      takenByUserId: payment.takenBy ?? null,
      paidAt: paid ? booking.createdAt : null,
      ...payment.extra,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('demo payment not inserted');
  await writeAudit(db, {
    actorUserId: payment.takenBy ?? booking.bookedByUserId,
    action: 'payment.create',
    entity: 'payments',
    entityId: row.id,
    after: { bookingId: booking.id, method: payment.method, status: payment.status },
  });
  if (payment.method === 'balance') {
    await db.insert(walletEntries).values({
      ...payer,
      kind: 'payment',
      amount: -booking.total,
      paymentId: row.id,
      bookingId: booking.id,
    });
  }
  if (!paid) return row.id;
  await db
    .update(bookings)
    .set({ amountPaid: booking.total, holdExpiresAt: null })
    .where(eq(bookings.id, booking.id));
  await issueDocument(db, seller, {
    kind: 'invoice',
    paymentId: row.id,
    buyerName: await buyerNameOf(db, booking.studentId),
    lines: [bookingLine(booking, parts)],
    ...parts,
    total: booking.total,
  });
  return row.id;
}

/** Cancels a paid booking as the cancel service does: seat freed, what is left given back through the settlement step. */
async function cancelPaid(
  db: Db,
  seller: Config['seller'],
  booking: Booking,
  byUserId: number,
): Promise<void> {
  await db
    .update(bookings)
    .set({ status: 'Cancelled', cancelledAt: new Date(), cancelReason: 'moved to a later course' })
    .where(eq(bookings.id, booking.id));
  await db
    .update(scheduledSessions)
    .set({ seatsTaken: sql`${scheduledSessions.seatsTaken} - 1` })
    .where(eq(scheduledSessions.id, booking.sessionId));
  const given = await giveBackBooking(db, seller, {
    bookingId: booking.id,
    bookingNumber: booking.number,
    byUserId,
    now: new Date(),
  });
  await writeAudit(db, {
    actorUserId: byUserId,
    action: 'booking.cancel',
    entity: 'bookings',
    entityId: booking.id,
    before: { status: booking.status, amountPaid: booking.total },
    after: {
      status: 'Cancelled',
      refund: { kind: 'balance', amount: given.amount, givenBackBefore: given.givenBackBefore },
    },
  });
}

async function buyerNameOf(db: Db, studentId: number): Promise<string> {
  const [row] = await db
    .select({ name: users.nameEn })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, studentId));
  return row?.name ?? '';
}
