import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookings,
  corporates,
  courses,
  invoices,
  payments,
  products,
  scheduledSessions,
  students,
  users,
  walletEntries,
} from '../../db/schema/index.ts';

/** A booking with what paying and cancelling need of its session and course; locked when `lock`. */
export async function findBooking(db: Db, id: number, lock: boolean) {
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
export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/** The parts of a booking's price already paid. */
export async function paidPartsOf(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      subtotal: sql<string>`coalesce(sum(${payments.subtotal}), 0)`,
      amanaFee: sql<string>`coalesce(sum(${payments.amanaFee}), 0)`,
      vat: sql<string>`coalesce(sum(${payments.vat}), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'paid')));
  return {
    subtotal: Number(row?.subtotal ?? 0),
    amanaFee: Number(row?.amanaFee ?? 0),
    vat: Number(row?.vat ?? 0),
  };
}

export interface Payer {
  studentId: number | null;
  corporateId: number | null;
}

/** Locks the payer's row `FOR UPDATE`: two spends or give-backs of one balance take turns. */
export async function lockPayer(db: Db, payer: Payer): Promise<void> {
  if (payer.studentId !== null) {
    await db.select({ id: students.id }).from(students).where(eq(students.id, payer.studentId)).for('update');
  } else if (payer.corporateId !== null) {
    await db
      .select({ id: corporates.id })
      .from(corporates)
      .where(eq(corporates.id, payer.corporateId))
      .for('update');
  }
}

/** Locks the payer's row, then sums its ledger. */
export async function lockedBalanceOf(db: Db, payer: Payer): Promise<number> {
  await lockPayer(db, payer);
  return balanceOf(db, payer);
}

export async function balanceOf(db: Db, payer: Payer): Promise<number> {
  const owner =
    payer.studentId !== null
      ? eq(walletEntries.studentId, payer.studentId)
      : eq(walletEntries.corporateId, payer.corporateId ?? -1);
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amount}), 0)` })
    .from(walletEntries)
    .where(owner);
  return Number(row?.sum ?? 0);
}

/** Who pays, by name and contacts (for the invoice and the receipt). */
export async function payerContact(db: Db, payer: Payer) {
  if (payer.studentId !== null) {
    const [row] = await db
      .select({ nameEn: users.nameEn, nameAr: users.nameAr, email: users.email, phone: users.phone })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(students.id, payer.studentId));
    return row;
  }
  const [row] = await db
    .select({ nameEn: corporates.nameEn, nameAr: corporates.nameAr, email: users.email, phone: users.phone })
    .from(corporates)
    .innerJoin(users, eq(users.id, corporates.userId))
    .where(eq(corporates.id, payer.corporateId ?? -1));
  return row;
}

export async function findPaymentRow(db: Db, id: number, lock = false) {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentRow>>>;

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function invoiceOfPayment(db: Db, paymentId: number) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  return row;
}
