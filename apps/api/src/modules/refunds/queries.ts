import type { RefundRequest, RefundRequestCountQuery, RefundRequestListQuery } from '@tasreeh/shared';
import { and, desc, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { corporates, invoices, payments, refundRequests, students, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import { countMatches, idCursor, idPageOf, matchingRows } from '../../lib/keyset.ts';
import { remainingOf } from '../money/index.ts';
import { payerSearch } from '../payments/index.ts';
import { inScope, REQUEST_ABILITIES, refundsPolicy, requestsScopeOf } from './policy.ts';

const studentUsers = alias(users, 'student_users');
const requesters = alias(users, 'requesters');
const deciders = alias(users, 'deciders');

function selectRequests(db: Db) {
  return db
    .select({
      request: refundRequests,
      payment: {
        method: payments.method,
        amount: payments.amount,
        branchId: payments.branchId,
        payerCorporateId: payments.payerCorporateId,
      },
      studentName: studentUsers.nameEn,
      studentNameAr: studentUsers.nameAr,
      studentNumber: studentUsers.idNumber,
      corporateName: corporates.nameEn,
      corporateNameAr: corporates.nameAr,
      corporateCr: corporates.crNumber,
      requestedByName: requesters.nameEn,
      requestedByNameAr: requesters.nameAr,
      decidedByName: deciders.nameEn,
      decidedByNameAr: deciders.nameAr,
      creditNoteNumber: invoices.number,
    })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .leftJoin(students, eq(students.id, payments.payerStudentId))
    .leftJoin(studentUsers, eq(studentUsers.id, students.userId))
    .leftJoin(corporates, eq(corporates.id, payments.payerCorporateId))
    .innerJoin(requesters, eq(requesters.id, refundRequests.requestedByUserId))
    .leftJoin(deciders, eq(deciders.id, refundRequests.decidedByUserId))
    .leftJoin(invoices, eq(invoices.id, refundRequests.creditNoteId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function toRefundRequest(ctx: Ctx, row: Joined): RefundRequest {
  const r = row.request;
  const corporate = row.payment.payerCorporateId !== null;
  return {
    id: r.id,
    paymentId: r.paymentId,
    paymentMethod: row.payment.method,
    paymentAmount: row.payment.amount,
    branchId: row.payment.branchId,
    payerKind: corporate ? 'corporate' : 'student',
    payerName: (corporate ? row.corporateName : row.studentName) ?? '',
    payerNameAr: (corporate ? row.corporateNameAr : row.studentNameAr) ?? '',
    payerNumber: (corporate ? row.corporateCr : row.studentNumber) ?? '',
    amount: r.amount,
    reason: r.reason,
    payout: r.payout,
    status: r.status,
    requestedByUserId: r.requestedByUserId,
    requestedByName: row.requestedByName,
    requestedByNameAr: row.requestedByNameAr,
    decidedByUserId: r.decidedByUserId,
    decidedByName: row.decidedByName,
    decidedByNameAr: row.decidedByNameAr,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    creditNoteId: r.creditNoteId,
    creditNoteNumber: row.creditNoteNumber,
    payoutStatus: r.payoutStatus,
    payoutError: r.payoutError,
    payoutSentAt: r.payoutSentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    abilities: refundsPolicy.abilities(ctx.actor, r, REQUEST_ABILITIES),
  };
}

/** One request as the API answers it to the caller (inside a command: its transaction). */
export async function readRequest(ctx: Ctx, id: number): Promise<RefundRequest> {
  const [row] = await selectRequests(ctx.db).where(eq(refundRequests.id, id));
  if (!row) throw notFound();
  return toRefundRequest(ctx, row);
}

function filtersOf(actor: Actor, query: RefundRequestCountQuery): SQL | undefined {
  return and(
    requestsScopeOf(actor),
    query.status ? eq(refundRequests.status, query.status) : undefined,
    query.payerKind === 'corporate' ? isNotNull(payments.payerCorporateId) : undefined,
    query.payerKind === 'student' ? sql`${payments.payerCorporateId} is null` : undefined,
    query.paymentId ? eq(refundRequests.paymentId, query.paymentId) : undefined,
    payerSearch(query.search, studentUsers),
  );
}

/** Refund requests (refund-payment, refund-corporate), newest first, by keyset on the id. */
export async function listRequests(ctx: Ctx, query: RefundRequestListQuery) {
  const actor = actorOf(ctx);
  const after = idCursor(query.cursor);
  const rows = await selectRequests(ctx.db)
    .where(and(filtersOf(actor, query), after !== undefined ? lt(refundRequests.id, after) : undefined))
    .orderBy(desc(refundRequests.id))
    .limit(query.limit + 1);
  return idPageOf(
    rows.map((row) => toRefundRequest(ctx, row)),
    query.limit,
  );
}

export async function countRequests(ctx: Ctx, query: RefundRequestCountQuery) {
  const actor = actorOf(ctx);
  return countMatches(
    ctx.db,
    matchingRows(ctx.db)
      .from(refundRequests)
      .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
      .leftJoin(students, eq(students.id, payments.payerStudentId))
      .leftJoin(studentUsers, eq(studentUsers.id, students.userId))
      .leftJoin(corporates, eq(corporates.id, payments.payerCorporateId))
      .where(filtersOf(actor, query))
      .$dynamic(),
  );
}

export async function getRequest(ctx: Ctx, id: number): Promise<RefundRequest> {
  const actor = actorOf(ctx);
  refundsPolicy.assert(actor, 'read', undefined);
  const [row] = await selectRequests(ctx.db).where(eq(refundRequests.id, id));
  if (!row || !inScope(actor, row.payment)) throw notFound();
  return toRefundRequest(ctx, row);
}

/** `GET /api/refund-requests/refundable/:id`: what is left to refund of a payment (the dialog's default and its most). */
export async function refundableOf(ctx: Ctx, paymentId: number) {
  const actor = actorOf(ctx);
  refundsPolicy.assert(actor, 'request', undefined);
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || !inScope(actor, payment)) throw notFound();
  const remaining = await remainingOf(ctx.db, payment);
  return {
    paymentId,
    refundable: remaining.requestable,
    paid: remaining.paid,
    givenBack: remaining.givenBack,
    pending: remaining.pending,
    advanceInBalance: remaining.advanceInBalance,
  };
}

/**
 * The decision routes' guard, before their body is read (decision 0027): a request the caller may
 * not see (none, or of another branch's payment) is not found; its own requester is refused
 * (four eyes, 403 `REFUND_OWN_REQUEST`). The command checks both again under its locks.
 */
export async function assertMayDecide(ctx: Ctx, { id }: { id: number }): Promise<void> {
  const actor = actorOf(ctx);
  const [row] = await ctx.db
    .select({ requestedByUserId: refundRequests.requestedByUserId, branchId: payments.branchId })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .where(eq(refundRequests.id, id));
  if (!row || !inScope(actor, row)) throw notFound();
  refundsPolicy.assert(actor, 'decide', row);
}
