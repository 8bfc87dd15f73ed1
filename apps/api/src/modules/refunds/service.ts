import {
  centreDay,
  type InvoiceLine,
  type LedgerRole,
  type RefundApproveInput,
  type RefundRejectInput,
  type RefundRequestDone,
  type RefundRequestInput,
  toRiyalString,
} from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoices, payments, refundRequests, walletEntries } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { postJournal } from '../../lib/journal.ts';
import { requireOpenDay } from '../daily-closings/open-day.ts';
import { issueDocument } from '../invoices/issue.ts';
import type { PayoutDispatcher } from './payouts.ts';
import { inScope, mayRequest, readRequest, refundedOrPending } from './queries.ts';

export interface RefundDeps {
  seller: Config['seller'];
  /** Sends approved card refunds through the gateway once their approval has committed. */
  payouts: PayoutDispatcher;
}

async function lockedPayment(ctx: CommandCtx, id: number) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, id)).for('update');
  return payment;
}

async function invoiceOf(db: Db, paymentId: number) {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  return invoice;
}

/**
 * `POST /api/refund-requests`: staff with create on 10 or 17 (their branch's payments) asks for a
 * refund of a paid, invoiced payment; the amount is checked against what is left (paid − approved
 * − pending) under a lock of the payment row, so two requests at once cannot together exceed it.
 */
export function requestRefund() {
  return command({
    name: 'refund_request.create',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REQUEST_SUBMITTED',
    load: async (ctx, input: RefundRequestInput) => {
      const actor = actorOf(ctx);
      if (!mayRequest(actor)) throw forbidden();
      const payment = await lockedPayment(ctx, input.paymentId);
      if (!payment || !inScope(actor, payment)) throw notFound();
      return payment;
    },
    run: async (ctx, input, payment) => {
      if (payment.status !== 'paid') throw new AppError('REFUND_PAYMENT_NOT_PAID', { status: 409 });
      if (!(await invoiceOf(ctx.db, payment.id))) throw new AppError('REFUND_NOT_INVOICED', { status: 409 });
      const left = payment.amount - (await refundedOrPending(ctx.db, payment.id));
      if (input.amount > left) {
        throw new AppError('REFUND_AMOUNT_TOO_HIGH', {
          status: 400,
          params: { amount: toRiyalString(Math.max(0, left)) },
          fields: { amount: 'REFUND_AMOUNT_TOO_HIGH' },
        });
      }
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
      return { id: row.id, request: await readRequest(ctx.db, row.id) };
    },
    audit: ({ result, input }) => ({ entityId: result.id, before: null, after: input }),
  });
}

/** Locks a request and its payment; 404 when the caller may not see it; the four eyes and pending checks. */
async function loadDecision(ctx: CommandCtx, id: number) {
  const actor = actorOf(ctx);
  const [request] = await ctx.db.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  if (!request) throw notFound();
  const payment = await lockedPayment(ctx, request.paymentId);
  if (!payment || !inScope(actor, payment)) throw notFound();
  if (request.requestedByUserId === actor.userId) throw new AppError('REFUND_OWN_REQUEST', { status: 403 });
  if (request.status !== 'pending') throw new AppError('REFUND_NOT_PENDING', { status: 409 });
  return { request, payment };
}

/** A part of an amount in proportion (the credit note's Amanah share and VAT). */
const share = (part: number, amount: number, total: number) =>
  total === 0 ? 0 : Math.round((part * amount) / total);

const METHOD_ACCOUNT: Record<'cash' | 'pos' | 'card' | 'wire', LedgerRole> = {
  cash: 'cash',
  pos: 'card_clearing',
  card: 'card_clearing',
  wire: 'refunds_payable',
};

type RequestRow = typeof refundRequests.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * An approval's writes, inside the caller's transaction (the approve command's; the demo seed's):
 * the credit note for the amount (its parts in proportion to the invoice), its journal entry into
 * the payer's balance, then the pay-back: into the balance (a wallet entry), or out by the
 * original method (cash from today's till — refused when its branch has closed today —, POS and
 * card back to the card, a wire as a transfer payable). A card refund is only queued here
 * (`payout_status` pending): the payout queue sends it through the gateway after the commit.
 */
export async function settleApproval(
  db: Db,
  seller: Config['seller'],
  approval: { request: RequestRow; payment: PaymentRow; deciderUserId: number; note: string | null },
): Promise<void> {
  const { request, payment } = approval;
  const id = request.id;
  const intoBalance = request.payout === 'balance' || payment.method === 'balance';
  // One moment for the closed-day check, the journal's day and the decision: a refund approved
  // across midnight is counted on the day it was checked against.
  const now = new Date();
  const today = centreDay(now);
  if (!intoBalance && (payment.method === 'cash' || payment.method === 'pos') && payment.branchId !== null) {
    await requireOpenDay(db, payment.branchId, today, 'REFUND_DAY_CLOSED');
  }
  const invoice = await invoiceOf(db, payment.id);
  if (!invoice) throw new AppError('REFUND_NOT_INVOICED', { status: 409 });
  const amount = request.amount;
  const amanaFee = share(invoice.amanaFee, amount, invoice.total);
  const vat = share(invoice.vat, amount, invoice.total);
  const subtotal = amount - amanaFee - vat;
  const line: InvoiceLine = {
    descriptionEn: `Refund of invoice ${invoice.number}`,
    descriptionAr: `استرداد الفاتورة ${invoice.number}`,
    quantity: 1,
    subtotal,
    amanaFee,
    vat,
    total: amount,
  };
  const note = await issueDocument(db, seller, {
    kind: 'credit_note',
    paymentId: payment.id,
    invoiceId: invoice.id,
    buyerName: invoice.buyerName,
    lines: [line],
    subtotal,
    amanaFee,
    vat,
    total: amount,
  });
  // issuing the credit note posted it (revenue, Amanah share and VAT back into the payer's balance)
  if (intoBalance) {
    await db.insert(walletEntries).values({
      studentId: payment.payerCorporateId === null ? payment.payerStudentId : null,
      corporateId: payment.payerCorporateId,
      kind: 'refund',
      amount,
      paymentId: payment.id,
      note: `refund request ${id}`,
      createdByUserId: approval.deciderUserId,
    });
  } else {
    const method = payment.method as keyof typeof METHOD_ACCOUNT;
    await postJournal(db, {
      day: today,
      source: 'refund',
      sourceId: id,
      branchId: payment.branchId,
      memo: `refund request ${id} paid back by ${method}`,
      lines: [
        { role: 'customer_balances', debit: amount },
        { role: METHOD_ACCOUNT[method], credit: amount },
      ],
    });
  }
  await db
    .update(refundRequests)
    .set({
      status: 'approved',
      decidedByUserId: approval.deciderUserId,
      decidedAt: now,
      decisionNote: approval.note,
      creditNoteId: note.id,
      payoutStatus: !intoBalance && payment.method === 'card' ? 'pending' : 'none',
      updatedAt: new Date(),
    })
    .where(eq(refundRequests.id, id));
}

/**
 * After a command that queued a card refund has committed: that refund alone is sent at once, so
 * the answer is prompt and in the normal case already says it was sent. A failure here changes
 * nothing of what was committed (the queue's timer sends it, and any other, later).
 */
async function withPayoutSent(
  ctx: Ctx,
  deps: RefundDeps,
  done: RefundRequestDone,
): Promise<RefundRequestDone> {
  if (done.request.payoutStatus !== 'pending') return done;
  try {
    await deps.payouts.sendNow(done.request.id);
    return { ...done, request: await readRequest(ctx.db, done.request.id) };
  } catch (error) {
    ctx.log.error({ err: error, refundRequestId: done.request.id }, 'flushing the refund payouts failed');
    return done;
  }
}

/**
 * `POST /api/refund-requests/:id/approve` (edit on 10, never the requester, a pending request
 * locked): settles the approval in the command's one transaction, then sends a card refund.
 */
export function approveRefund(deps: RefundDeps) {
  const approve = command({
    name: 'refund_request.approve',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REFUND_APPROVED',
    load: (ctx, { id }: { id: number; input: RefundApproveInput }) => loadDecision(ctx, id),
    run: async (ctx, { id, input }, { request, payment }) => {
      await settleApproval(ctx.db, deps.seller, {
        request,
        payment,
        deciderUserId: actorOf(ctx).userId,
        note: input.note ?? null,
      });
      return { id, request: await readRequest(ctx.db, id) };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.request.status },
      after: { status: 'approved', creditNoteId: result.request.creditNoteId },
    }),
  });
  return async (ctx: Ctx, input: { id: number; input: RefundApproveInput }) =>
    withPayoutSent(ctx, deps, await approve(ctx, input));
}

/**
 * `POST /api/refund-requests/:id/retry-payout` (edit on 10): a card refund the gateway kept
 * refusing goes back into the payout queue, its attempts counted afresh, and is sent at once.
 */
export function retryPayout(deps: RefundDeps) {
  const retry = command({
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
    run: async (ctx, { id }) => {
      await ctx.db
        .update(refundRequests)
        .set({ payoutStatus: 'pending', payoutAttempts: 0, payoutClaimedAt: null, updatedAt: new Date() })
        .where(eq(refundRequests.id, id));
      return { id, request: await readRequest(ctx.db, id) };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { payoutStatus: before.payoutStatus, payoutError: before.payoutError },
      after: { payoutStatus: 'pending' },
    }),
  });
  return async (ctx: Ctx, input: { id: number }) => withPayoutSent(ctx, deps, await retry(ctx, input));
}

/** `POST /api/refund-requests/:id/reject` (edit on 10, never the requester): with a note. */
export function rejectRefund() {
  return command({
    name: 'refund_request.reject',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REFUND_REJECTED',
    load: (ctx, { id }: { id: number; input: RefundRejectInput }) => loadDecision(ctx, id),
    run: async (ctx, { id, input }) => {
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
      return { id, request: await readRequest(ctx.db, id) };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.request.status },
      after: { status: 'rejected' },
    }),
  });
}
