import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { corporates, invoices, payments, products, students, users } from '../../db/schema/index.ts';
import type { Payer } from '../money/index.ts';

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
