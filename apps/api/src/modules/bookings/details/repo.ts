import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog, invoices, payments, users } from '../../../db/schema/index.ts';

/** A booking's payments, oldest first, each with the invoice it produced (none until paid). */
export function findPayments(db: Db, bookingId: number) {
  return db
    .select({
      id: payments.id,
      method: payments.method,
      status: payments.status,
      amount: payments.amount,
      paidAt: payments.paidAt,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(payments)
    .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.id));
}

/** The invoices and credit notes of a booking's payments, in the order they were issued. */
export function findDocuments(db: Db, bookingId: number) {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      total: invoices.total,
    })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(invoices.id));
}

/**
 * The audit rows of a booking and of its payments, oldest first, with who wrote them: what its
 * history is made of.
 */
export function findAuditTrail(db: Db, bookingId: number) {
  const paymentIds = db
    .select({ id: sql<string>`${payments.id}::text` })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  return db
    .select({
      action: auditLog.action,
      after: auditLog.after,
      at: auditLog.createdAt,
      byUserId: auditLog.actorUserId,
      byNameEn: users.nameEn,
      byNameAr: users.nameAr,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      or(
        and(eq(auditLog.entity, 'bookings'), eq(auditLog.entityId, String(bookingId))),
        and(eq(auditLog.entity, 'payments'), inArray(auditLog.entityId, paymentIds)),
      ),
    )
    .orderBy(asc(auditLog.id));
}
