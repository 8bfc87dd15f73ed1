import type { CheckoutSummary, Payment, PaymentCountQuery, PaymentListQuery } from '@tasreeh/shared';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { onCentreDays } from '../../lib/centre-days.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import { countMatches, idCursor, idPageOf, matchingRows } from '../../lib/keyset.ts';
import { findPayableBooking } from '../bookings/index.ts';
import { findFileOfKind } from '../files/index.ts';
import { balanceOf } from '../money/index.ts';
import { payerSearch } from './payer-search.ts';
import { paymentsPolicy, paymentsScopeOf } from './policy.ts';
import * as repo from './repo.ts';
import { payerOfBooking } from './settle.ts';

const studentUsers = alias(users, 'student_users');

function selectPayments(ctx: Ctx) {
  return ctx.db
    .select({
      payment: payments,
      bookingNumber: bookings.number,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
      productNameEn: products.nameEn,
      productNameAr: products.nameAr,
      studentName: studentUsers.nameEn,
      studentNameAr: studentUsers.nameAr,
      corporateName: corporates.nameEn,
      corporateNameAr: corporates.nameAr,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .leftJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .leftJoin(products, eq(products.id, payments.productId))
    .leftJoin(students, eq(students.id, payments.payerStudentId))
    .leftJoin(studentUsers, eq(studentUsers.id, students.userId))
    .leftJoin(corporates, eq(corporates.id, payments.payerCorporateId))
    .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];

function toPayment(ctx: Ctx, row: Joined): Payment {
  const p = row.payment;
  return {
    id: p.id,
    purpose: p.purpose,
    bookingId: p.bookingId,
    bookingNumber: row.bookingNumber,
    productId: p.productId,
    quantity: p.quantity,
    descriptionEn: row.courseNameEn
      ? `${row.courseNameEn} — ${row.bookingNumber}`
      : `${row.productNameEn ?? ''} × ${p.quantity}`,
    descriptionAr: row.courseNameAr
      ? `${row.courseNameAr} — ${row.bookingNumber}`
      : `${row.productNameAr ?? ''} × ${p.quantity}`,
    payerStudentId: p.payerStudentId,
    payerCorporateId: p.payerCorporateId,
    payerName: row.studentName ?? row.corporateName ?? '',
    payerNameAr: row.studentNameAr ?? row.corporateNameAr ?? '',
    method: p.method,
    status: p.status,
    amount: p.amount,
    subtotal: p.subtotal,
    amanaFee: p.amanaFee,
    vat: p.vat,
    currency: p.currency,
    branchId: p.branchId,
    posReference: p.posReference,
    bankName: p.bankName,
    accountNumber: p.accountNumber,
    iban: p.iban,
    wireCopyFileId: p.wireCopyFileId,
    cardBrand: p.cardBrand,
    failureReason: p.failureReason,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    abilities: paymentsPolicy.abilities(ctx.actor, { ...p, invoiceId: row.invoiceId }, [
      'confirmWire',
      'rejectWire',
      'refund',
    ]),
  };
}

function filtersOf(actor: Actor, query: PaymentCountQuery): SQL | undefined {
  return and(
    paymentsScopeOf(actor),
    onCentreDays(payments.createdAt, query.from, query.to),
    query.method ? eq(payments.method, query.method) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
    query.branchId ? eq(payments.branchId, query.branchId) : undefined,
    query.payerStudentId ? eq(payments.payerStudentId, query.payerStudentId) : undefined,
    query.payerCorporateId ? eq(payments.payerCorporateId, query.payerCorporateId) : undefined,
    payerSearch(query.search, studentUsers),
  );
}

/** All payments (spec §2 Finance all-payments), newest first, by keyset on the id. */
export async function listPayments(ctx: Ctx, query: PaymentListQuery) {
  const actor = actorOf(ctx);
  const after = idCursor(query.cursor);
  const rows = await selectPayments(ctx)
    .where(and(filtersOf(actor, query), after !== undefined ? lt(payments.id, after) : undefined))
    .orderBy(desc(payments.id))
    .limit(query.limit + 1);
  return idPageOf(
    rows.map((row) => toPayment(ctx, row)),
    query.limit,
  );
}

export async function countPayments(ctx: Ctx, query: PaymentCountQuery) {
  const actor = actorOf(ctx);
  return countMatches(
    ctx.db,
    matchingRows(ctx.db)
      .from(payments)
      // The payer's student, its user and corporate: what the payer search reads.
      .leftJoin(students, eq(students.id, payments.payerStudentId))
      .leftJoin(studentUsers, eq(studentUsers.id, students.userId))
      .leftJoin(corporates, eq(corporates.id, payments.payerCorporateId))
      .where(filtersOf(actor, query))
      .$dynamic(),
  );
}

export async function getPayment(ctx: Ctx, id: number): Promise<Payment> {
  const [row] = await selectPayments(ctx).where(eq(payments.id, id));
  if (!row || !paymentsPolicy.may(actorOf(ctx), 'see', row.payment)) throw notFound();
  return toPayment(ctx, row);
}

/** The checkout's order summary of a booking, for its payer or a teller of its branch. */
export async function checkoutSummary(ctx: Ctx, bookingId: number): Promise<CheckoutSummary> {
  const actor = actorOf(ctx);
  const booking = await findPayableBooking(ctx.db, bookingId, false);
  if (!booking) throw notFound();
  const payer = payerOfBooking(booking);
  paymentsPolicy.assert(actor, 'payFor', { payer, branchId: booking.branchId });
  const remaining = booking.total - booking.amountPaid;
  const holdLive = !booking.holdExpiresAt || booking.holdExpiresAt.getTime() > Date.now();
  const payable =
    remaining > 0 &&
    ((booking.status === 'Pending Payment' && holdLive) ||
      (booking.status === 'Booked' && booking.corporateId !== null));
  return {
    bookingId: booking.id,
    bookingNumber: booking.number,
    status: booking.status,
    courseNameEn: booking.courseNameEn,
    courseNameAr: booking.courseNameAr,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    subtotal: booking.originalFee,
    amanaFee: booking.amanaFee,
    vat: booking.vat,
    total: booking.total,
    amountPaid: booking.amountPaid,
    remaining,
    balance: await balanceOf(ctx.db, payer),
    payable,
    partialAllowed: booking.corporateId !== null && booking.paymentType === 'partial',
  };
}

/** The caller's own balance (a student or a corporate). */
export async function myBalance(ctx: Ctx) {
  const actor = actorOf(ctx);
  const payer =
    actor.type === 'student'
      ? { studentId: actor.studentId ?? -1, corporateId: null }
      : { studentId: null, corporateId: actor.corporateId ?? -1 };
  return { balance: await balanceOf(ctx.db, payer) };
}

/** A wire transfer's copy, for whoever may see its payment (the payer, a teller of its branch, finance). */
export async function wireCopyOf(ctx: Ctx, id: number) {
  const payment = await repo.findPaymentRow(ctx.db, id);
  if (!payment?.wireCopyFileId || !paymentsPolicy.may(actorOf(ctx), 'see', payment)) throw notFound();
  const file = await findFileOfKind(ctx.db, payment.wireCopyFileId, 'wire-copy');
  if (!file) throw notFound();
  return { bytes: await ctx.files.read(file.storageKey), mimeType: file.mimeType };
}
