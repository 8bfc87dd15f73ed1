import {
  centreDay,
  type InvoiceLine,
  type LedgerRole,
  type RefundApproveInput,
  type RefundRejectInput,
  type RefundRequestInput,
  toRiyalString,
} from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoices, payments, refundRequests, walletEntries } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import { postJournal } from '../../lib/journal.ts';
import { refuseClosedDay } from '../daily-closings/service.ts';
import { issueDocument } from '../invoices/issue.ts';
import type { CardGateway } from '../payments/gateway.ts';
import { inScope, mayRequest, readRequest, refundedOrPending } from './queries.ts';

export interface RefundDeps {
  /** The card gateway; null where no card is refunded (the demo seed, into the balance). */
  gateway: CardGateway | null;
  seller: Config['seller'];
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
 * original method (cash from the till, POS and card back to the card — a card through the
 * gateway, last, so its failure rolls everything back —, a wire as a transfer payable).
 */
export async function settleApproval(
  db: Db,
  deps: RefundDeps,
  approval: {
    request: RequestRow;
    payment: PaymentRow;
    deciderUserId: number;
    note: string | null;
    onGatewayError?: (error: unknown) => void;
  },
): Promise<void> {
  const { request, payment } = approval;
  const id = request.id;
  // Cash out of the till or a POS refund counts in the branch's day: not once the day is closed.
  const fromTill = request.payout === 'original' && (payment.method === 'cash' || payment.method === 'pos');
  if (fromTill && payment.branchId !== null) await refuseClosedDay(db, payment.branchId);
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
  const note = await issueDocument(db, deps.seller, {
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
  const intoBalance = request.payout === 'balance' || payment.method === 'balance';
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
      day: centreDay(new Date()),
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
      decidedAt: new Date(),
      decisionNote: approval.note,
      creditNoteId: note.id,
      gatewayRefundId: !intoBalance && payment.method === 'card' ? payment.gatewayPaymentId : null,
      updatedAt: new Date(),
    })
    .where(eq(refundRequests.id, id));
  // Last: the money leaves through the gateway only when everything else is written; its
  // failure throws, and the transaction (credit note, journal, status) rolls back.
  if (!intoBalance && payment.method === 'card') {
    try {
      if (!deps.gateway) throw new Error('no card gateway to refund through');
      await deps.gateway.refund(payment.gatewayPaymentId ?? '', amount);
    } catch (error) {
      approval.onGatewayError?.(error);
      throw new AppError('REFUND_GATEWAY_FAILED', { status: 502 });
    }
  }
}

/**
 * `POST /api/refund-requests/:id/approve` (edit on 10, never the requester, a pending request
 * locked): settles the approval in the command's one transaction.
 */
export function approveRefund(deps: RefundDeps) {
  return command({
    name: 'refund_request.approve',
    entity: 'refund_requests',
    idempotency: 'required',
    message: 'REFUND_APPROVED',
    load: (ctx, { id }: { id: number; input: RefundApproveInput }) => loadDecision(ctx, id),
    run: async (ctx, { id, input }, { request, payment }) => {
      await settleApproval(ctx.db, deps, {
        request,
        payment,
        deciderUserId: actorOf(ctx).userId,
        note: input.note ?? null,
        onGatewayError: (error) =>
          ctx.log.warn({ err: error, refundRequestId: id }, 'card refund refused by the gateway'),
      });
      return { id, request: await readRequest(ctx.db, id) };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.request.status },
      after: { status: 'approved', creditNoteId: result.request.creditNoteId },
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
