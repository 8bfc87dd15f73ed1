import type { RefundApproveInput, RefundRejectInput, RefundRequestInput } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoices, payments, refundRequests } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import {
  giveBack,
  lockPayment,
  refuseAdvanceIntoBalance,
  refuseBeyond,
  remainingOf,
} from '../money/index.ts';
import { queuePayout } from './payouts.ts';
import { inScope, refundsPolicy } from './policy.ts';
import { readRequest } from './queries.ts';

export interface RefundDeps {
  seller: Config['seller'];
}

/**
 * `POST /api/refund-requests`: staff with create on 10 or 17 (their branch's payments) asks for a
 * refund of a paid, invoiced payment; the amount is checked against what is left (paid − every
 * credit note − pending requests, the settlement step's `remainingOf`) under a lock of the payment
 * row, so two requests at once cannot together exceed it, nor one exceed what a cancellation left.
 */
export function requestRefund() {
  return command({
    name: 'refund_request.create',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REQUEST_SUBMITTED',
    load: async (ctx, input: RefundRequestInput) => {
      const payment = await lockPayment(ctx.db, input.paymentId);
      if (!payment || !inScope(actorOf(ctx), payment)) throw notFound();
      return payment;
    },
    authorize: refundsPolicy.authorize('request', (payment: LockedPayment) => payment),
    run: async (ctx, input, payment) => {
      if (payment.status !== 'paid') throw new AppError('REFUND_PAYMENT_NOT_PAID', { status: 409 });
      if (!(await isInvoiced(ctx.db, payment.id))) throw new AppError('REFUND_NOT_INVOICED', { status: 409 });
      refuseAdvanceIntoBalance(payment, input.payout);
      const remaining = await remainingOf(ctx.db, payment);
      refuseBeyond(remaining.requestable, input.amount, remaining.spent);
      const [row] = await ctx.db
        .insert(refundRequests)
        .values({
          paymentId: payment.id,
          amount: input.amount,
          reason: input.reason,
          payout: input.payout,
          requestedByUserId: actorOf(ctx).userId,
        })
        .returning({ id: refundRequests.id });
      if (!row) throw new Error('refund request not inserted');
      return { id: row.id, request: await readRequest(ctx, row.id) };
    },
    audit: ({ result, input }) => ({ entityId: result.id, before: null, after: input }),
  });
}

async function isInvoiced(db: Db, paymentId: number): Promise<boolean> {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  return invoice !== undefined;
}

/**
 * Locks a request's payment, then the request (the settlement step's order: booking → payment →
 * request, so an approval and a cancellation of one payment queue on the payment's row); 404 when
 * the caller may not see it (the four eyes are the command's authorize, then `refuseDecided`).
 */
async function loadDecision(ctx: CommandCtx, id: number) {
  const actor = actorOf(ctx);
  const [named] = await ctx.db
    .select({ paymentId: refundRequests.paymentId })
    .from(refundRequests)
    .where(eq(refundRequests.id, id));
  if (!named) throw notFound();
  const payment = await lockPayment(ctx.db, named.paymentId);
  if (!payment || !inScope(actor, payment)) throw notFound();
  const [request] = await ctx.db.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  if (!request) throw notFound();
  return { request, payment };
}

/** After the four eyes (the command's authorize): a request already decided is 409. */
function refuseDecided(request: RequestRow) {
  if (request.status !== 'pending') throw new AppError('REFUND_NOT_PENDING', { status: 409 });
}

type RequestRow = typeof refundRequests.$inferSelect;
type Decision = Awaited<ReturnType<typeof loadDecision>>;
type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

/**
 * An approval's writes, inside the caller's transaction (the approve command's; the demo seed's):
 * the settlement step gives back the request's amount (credit note, journal, pay-back into the
 * balance or out by the original method; 409 when a cancellation or another refund left less),
 * then the request is approved with its credit note — a card refund queued (`payout_status`
 * pending) for the payout queue to send after the commit.
 */
export async function settleApproval(
  db: Db,
  seller: Config['seller'],
  approval: { request: RequestRow; deciderUserId: number; note: string | null },
): Promise<void> {
  const { request } = approval;
  // One moment for the closed-day check, the journal's day and the decision: a refund approved
  // across midnight is counted on the day it was checked against.
  const now = new Date();
  const given = await giveBack(db, seller, {
    paymentId: request.paymentId,
    amount: request.amount,
    reversal: { kind: 'refund_request', requestId: request.id, payout: request.payout },
    byUserId: approval.deciderUserId,
    now,
  });
  await db
    .update(refundRequests)
    .set({
      status: 'approved',
      decidedByUserId: approval.deciderUserId,
      decidedAt: now,
      decisionNote: approval.note,
      creditNoteId: given.creditNoteId,
      payoutStatus: given.cardPayout ? 'pending' : 'none',
      updatedAt: new Date(),
    })
    .where(eq(refundRequests.id, request.id));
}

/**
 * `POST /api/refund-requests/:id/approve` (edit on 10, never the requester, a pending request
 * locked): settles the approval in the command's one transaction, a card refund queued with it
 * (refunds/payouts.ts sends it once the approval has committed).
 */
export function approveRefund(deps: RefundDeps) {
  return command({
    name: 'refund_request.approve',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REFUND_APPROVED',
    load: (ctx, { id }: { id: number; input: RefundApproveInput }) => loadDecision(ctx, id),
    authorize: refundsPolicy.authorize('decide', (before: Decision) => before.request),
    run: async (ctx, { id, input }, { request }) => {
      refuseDecided(request);
      await settleApproval(ctx.db, deps.seller, {
        request,
        deciderUserId: actorOf(ctx).userId,
        note: input.note ?? null,
      });
      const approved = await readRequest(ctx, id);
      if (approved.payoutStatus === 'pending') await queuePayout(ctx, id);
      return { id, request: approved };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.request.status },
      after: { status: 'approved', creditNoteId: result.request.creditNoteId },
    }),
  });
}

/**
 * `POST /api/refund-requests/:id/retry-payout` (edit on 10): a card refund the gateway kept
 * refusing goes back into the payout queue, its attempts counted afresh.
 */
export function retryPayout() {
  return command({
    name: 'refund_request.retry_payout',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REFUND_PAYOUT_RETRIED',
    load: async (ctx, { id }: { id: number }) => {
      const [request] = await ctx.db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.id, id))
        .for('update');
      if (!request) throw notFound();
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, request.paymentId));
      if (!payment || !inScope(actorOf(ctx), payment)) throw notFound();
      if (request.payoutStatus !== 'failed') throw new AppError('REFUND_PAYOUT_NOT_FAILED', { status: 409 });
      return request;
    },
    authorize: refundsPolicy.authorize('retry', (request: RequestRow) => request),
    run: async (ctx, { id }) => {
      await ctx.db
        .update(refundRequests)
        .set({ payoutStatus: 'pending', payoutAttempts: 0, payoutClaimedAt: null, updatedAt: new Date() })
        .where(eq(refundRequests.id, id));
      await queuePayout(ctx, id);
      return { id, request: await readRequest(ctx, id) };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { payoutStatus: before.payoutStatus, payoutError: before.payoutError },
      after: { payoutStatus: 'pending' },
    }),
  });
}

/** `POST /api/refund-requests/:id/reject` (edit on 10, never the requester): with a note. */
export function rejectRefund() {
  return command({
    name: 'refund_request.reject',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REFUND_REJECTED',
    load: (ctx, { id }: { id: number; input: RefundRejectInput }) => loadDecision(ctx, id),
    authorize: refundsPolicy.authorize('decide', (before: Decision) => before.request),
    run: async (ctx, { id, input }, { request }) => {
      refuseDecided(request);
      await ctx.db
        .update(refundRequests)
        .set({
          status: 'rejected',
          decidedByUserId: actorOf(ctx).userId,
          decidedAt: new Date(),
          decisionNote: input.note,
          updatedAt: new Date(),
        })
        .where(eq(refundRequests.id, id));
      return { id, request: await readRequest(ctx, id) };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.request.status },
      after: { status: 'rejected' },
    }),
  });
}
