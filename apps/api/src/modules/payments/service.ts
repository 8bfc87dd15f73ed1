import {
  type InvoiceLine,
  type Language,
  type MessageCode,
  type PaymentCreated,
  type PaymentInput,
  productPriceOf,
  toRiyalString,
  translateMessage,
} from '@tasreeh/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, payments, walletEntries } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';
import { insertFileRecord } from '../files/repo.ts';
import { issueDocument } from '../invoices/issue.ts';
import { postPayment } from '../ledger/postings.ts';
import { giveBackLateCard, isLateCardRefunded } from '../settlements/late-card.ts';
import { settleAdvance } from './advance.ts';
import type { CardGateway, GatewayPayment } from './gateway.ts';
import * as repo from './repo.ts';

/** What the payment services need beyond the request: the gateway and the configuration. */
export interface PaymentDeps {
  gateway: CardGateway;
  config: Config;
}

const conflict = (code: MessageCode) => new AppError(code, { status: 409 });

/** The payer of a booking: its corporate when a corporate booked it, else its student. */
export function payerOfBooking(booking: { studentId: number; corporateId: number | null }): repo.Payer {
  return booking.corporateId !== null
    ? { studentId: null, corporateId: booking.corporateId }
    : { studentId: booking.studentId, corporateId: null };
}

/** Whether the caller is this payer (a student or a corporate account). */
export function isPayer(actor: Actor | undefined, payer: repo.Payer): boolean {
  if (!actor) return false;
  if (actor.type === 'student') return payer.studentId !== null && actor.studentId === payer.studentId;
  if (actor.type === 'corporate')
    return payer.corporateId !== null && actor.corporateId === payer.corporateId;
  return false;
}

/** A teller of this branch (or of no one branch). */
export function isTellerOf(actor: Actor | undefined, branchId: number | null): boolean {
  return actor?.type === 'Teller' && (actor.branchId === null || actor.branchId === branchId);
}

/** Who may see a booking for payment: its payer or a teller of its branch; anyone else is told it does not exist. */
function refuseStranger(actor: Actor, booking: repo.BookingRow) {
  if (isPayer(actor, payerOfBooking(booking)) || isTellerOf(actor, booking.branchId)) return;
  throw notFound();
}

/** What remains to be paid of a booking, refusing one that cannot be paid now. */
function remainingOf(booking: repo.BookingRow, now: Date): number {
  const remaining = booking.total - booking.amountPaid;
  if (booking.status === 'Pending') throw conflict('PAYMENT_IN_PROGRESS');
  if (remaining <= 0 && (booking.status === 'Booked' || booking.status === 'Pending Payment'))
    throw conflict('BOOKING_ALREADY_PAID');
  if (booking.status === 'Pending Payment') {
    if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime())
      throw conflict('BOOKING_HOLD_EXPIRED');
    return remaining;
  }
  // A corporate's partial or deferred remainder.
  if (booking.status === 'Booked' && booking.corporateId !== null) return remaining;
  throw conflict('BOOKING_NOT_PAYABLE');
}

/** The parts (before VAT, Amana, VAT) of an amount of a booking: the exact rest for the last payment. */
async function partsOf(db: Db, booking: repo.BookingRow, amount: number, remaining: number) {
  if (amount === remaining) {
    const paid = await repo.paidPartsOf(db, booking.id);
    return {
      subtotal: booking.originalFee - paid.subtotal,
      amanaFee: booking.amanaFee - paid.amanaFee,
      vat: booking.vat - paid.vat,
    };
  }
  const vat = Math.round((amount * booking.vat) / booking.total);
  const amanaFee = Math.round((amount * booking.amanaFee) / booking.total);
  return { subtotal: amount - vat - amanaFee, amanaFee, vat };
}

/** The invoice line of (a part of) a booking. */
export function bookingLine(
  booking: Pick<repo.BookingRow, 'number' | 'courseNameEn' | 'courseNameAr'>,
  parts: { subtotal: number; amanaFee: number; vat: number },
): InvoiceLine {
  return {
    descriptionEn: `${booking.courseNameEn} — booking ${booking.number}`,
    descriptionAr: `${booking.courseNameAr} — حجز ${booking.number}`,
    quantity: 1,
    subtotal: parts.subtotal,
    amanaFee: parts.amanaFee,
    vat: parts.vat,
    total: parts.subtotal + parts.amanaFee + parts.vat,
  };
}

/** Where the web shows a payment's result to its payer. */
export function resultPathOf(payment: repo.PaymentRow): string {
  const area = payment.payerCorporateId !== null ? 'corporate' : 'student';
  if (payment.purpose === 'product') return `/product-payment/${payment.productId}`;
  if (payment.purpose === 'advance') return `/${area}/payments`;
  return `/${area}/payments/check-out/${payment.bookingId}`;
}

/**
 * A payment is paid: the booking's amount and status move (for a booking), the invoice is issued
 * with the next number, the journal posts it, and the receipt is queued to the payer — all in
 * the caller's transaction.
 * `lang` is the payer's language when known (the payer's own request), else both languages go.
 */
export async function settlePaid(
  ctx: CommandCtx,
  deps: PaymentDeps,
  payment: repo.PaymentRow,
  bookingOrProductLines: InvoiceLine[],
  lang: Language | null,
): Promise<{ invoiceId: number }> {
  // An advance (issue 13, F5): credited to the payer's balance and posted; its document has one line.
  const lines =
    payment.purpose === 'advance'
      ? await settleAdvance(ctx.db, payment, ctx.actor?.userId ?? null)
      : bookingOrProductLines;
  const payer: repo.Payer = { studentId: payment.payerStudentId, corporateId: payment.payerCorporateId };
  let bookingNumber: string | null = null;
  let booked = false;
  if (payment.bookingId !== null) {
    const [updated] = await ctx.db
      .update(bookings)
      .set({
        amountPaid: sql`${bookings.amountPaid} + ${payment.amount}`,
        status: sql`case when ${bookings.amountPaid} + ${payment.amount} >= ${bookings.total} or (${bookings.corporateId} is not null and ${bookings.paymentType} = 'partial') then 'Booked' else ${bookings.status} end`,
        holdExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, payment.bookingId))
      .returning({ number: bookings.number, status: bookings.status });
    bookingNumber = updated?.number ?? null;
    booked = updated?.status === 'Booked';
  }
  const contact = await repo.payerContact(ctx.db, payer);
  const invoice = await issueDocument(ctx.db, deps.config.seller, {
    kind: 'invoice',
    paymentId: payment.id,
    buyerName: contact?.nameEn ?? '',
    lines,
    subtotal: payment.subtotal,
    amanaFee: payment.amanaFee,
    vat: payment.vat,
    total: payment.amount,
  });
  await postPayment(ctx.db, payment);
  if (contact) {
    const area = payer.corporateId !== null ? 'corporate' : 'student';
    const link = `${deps.config.publicUrl ?? ''}/${area}/payments?invoice=${invoice.id}`;
    const textIn = (language: Language) => {
      const what = lines
        .map((line) => (language === 'ar' ? line.descriptionAr : line.descriptionEn))
        .join('، ');
      const receipt = translateMessage('PAYMENT_RECEIPT_TEXT', language, {
        amount: toRiyalString(payment.amount),
        what,
        number: invoice.number,
        link,
      });
      const confirmed =
        booked && bookingNumber
          ? `\n${translateMessage('BOOKING_CONFIRMED_TEXT', language, { booking: bookingNumber })}`
          : '';
      return `${receipt}${confirmed}`;
    };
    const body = lang ? textIn(lang) : `${textIn('ar')}\n\n${textIn('en')}`;
    const subject = lang
      ? translateMessage('PAYMENT_RECEIPT_SUBJECT', lang, { number: invoice.number })
      : `${translateMessage('PAYMENT_RECEIPT_SUBJECT', 'ar', { number: invoice.number })} | ${translateMessage('PAYMENT_RECEIPT_SUBJECT', 'en', { number: invoice.number })}`;
    if (contact.phone) await enqueueMessage(ctx, { channel: 'sms', recipient: contact.phone, body });
    await enqueueMessage(ctx, { channel: 'email', recipient: contact.email, subject, body });
  }
  return { invoiceId: invoice.id };
}

type CreateInput = PaymentInput & { wireCopy?: ReceivedFile };
type CreateResult = PaymentCreated & { message?: string };

/**
 * `POST /api/payments` (issue 11 contract). One transaction under the booking's row lock (or,
 * for a product, none needed): cash/POS by a teller and balance are paid at once with their
 * invoice; a wire waits for finance (booking `Pending`); a card payment is created at the
 * gateway and the payer sent to its hosted page.
 */
export function createPayment(deps: PaymentDeps) {
  return command({
    name: 'payment.create',
    entity: 'payments',
    idempotency: 'required',
    load: async (ctx, input: CreateInput) =>
      input.bookingId !== undefined ? repo.findBooking(ctx.db, input.bookingId, true) : undefined,
    run: async (ctx, input, booking): Promise<CreateResult> => {
      const actor = actorOf(ctx);
      if (input.productId !== undefined) return buyProduct(ctx, deps, actor, input);
      if (!booking) throw notFound();
      refuseStranger(actor, booking);
      const counter = input.method === 'cash' || input.method === 'pos';
      if (counter && actor.type !== 'Teller') throw new AppError('TELLER_ONLY_PAYMENT', { status: 403 });
      const payer = payerOfBooking(booking);
      if (!counter && !isPayer(actor, payer))
        throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', { status: 403 });
      const remaining = remainingOf(booking, new Date());
      let amount = remaining;
      if (input.amount !== undefined) {
        const partialAllowed = booking.corporateId !== null && booking.paymentType === 'partial';
        if (input.amount > remaining || (!partialAllowed && input.amount !== remaining)) {
          throw new AppError('PAYMENT_AMOUNT_INVALID', {
            status: 400,
            fields: { amount: 'PAYMENT_AMOUNT_INVALID' },
          });
        }
        amount = input.amount;
      }
      if (amount <= 0) throw conflict('BOOKING_NOT_PAYABLE');
      const parts = await partsOf(ctx.db, booking, amount, remaining);
      const line = bookingLine(booking, parts);
      const base = {
        purpose: 'booking' as const,
        bookingId: booking.id,
        payerStudentId: payer.studentId,
        payerCorporateId: payer.corporateId,
        method: input.method,
        amount,
        ...parts,
        currency: 'SAR',
        branchId: booking.branchId,
      };
      const lang = isPayer(actor, payer) ? ctx.lang : null;

      if (counter || input.method === 'balance') {
        if (input.method === 'balance') {
          const balance = await repo.lockedBalanceOf(ctx.db, payer);
          if (balance < amount) throw conflict('BALANCE_INSUFFICIENT');
        }
        const [payment] = await ctx.db
          .insert(payments)
          .values({
            ...base,
            status: 'paid',
            posReference: input.method === 'pos' ? (input.posReference ?? null) : null,
            takenByUserId: counter ? actor.userId : null,
            paidAt: new Date(),
          })
          .returning();
        if (!payment) throw new Error('payment not inserted');
        if (input.method === 'balance') {
          await ctx.db.insert(walletEntries).values({
            studentId: payer.studentId,
            corporateId: payer.corporateId,
            kind: 'payment',
            amount: -amount,
            paymentId: payment.id,
            bookingId: booking.id,
            createdByUserId: actor.userId,
          });
        }
        const { invoiceId } = await settlePaid(ctx, deps, payment, [line], lang);
        return {
          id: payment.id,
          status: 'paid',
          invoiceId,
          redirectUrl: null,
          message: translateMessage('PAYMENT_SUCCEEDED', ctx.lang),
        };
      }

      if (input.method === 'wire') {
        const payment = await insertPendingWire(ctx, base, input, actor.userId);
        await ctx.db
          .update(bookings)
          .set({ status: 'Pending', holdExpiresAt: null, updatedAt: new Date() })
          .where(eq(bookings.id, booking.id));
        return {
          id: payment.id,
          status: 'pending',
          invoiceId: null,
          redirectUrl: null,
          message: translateMessage('PAYMENT_WIRE_PENDING', ctx.lang),
        };
      }

      // Card: an earlier attempt the payer walked away from gives way to this one.
      await ctx.db
        .update(payments)
        .set({ status: 'cancelled', failureReason: 'replaced by a new attempt', updatedAt: new Date() })
        .where(
          and(
            eq(payments.bookingId, booking.id),
            eq(payments.status, 'pending'),
            eq(payments.method, 'card'),
          ),
        );
      return startCard(ctx, deps, base, `${booking.courseNameEn} ${booking.number}`);
    },
    audit: ({ input, result }) => ({
      entityId: result.id,
      after: { ...input, wireCopy: input.wireCopy ? '(file)' : undefined, status: result.status },
    }),
  });
}

/** A wire transfer: its copy stored (required), then its payment pending until finance confirms it. */
export async function insertPendingWire(
  ctx: CommandCtx,
  values: Omit<typeof payments.$inferInsert, 'status'>,
  wire: { bankName?: string; accountNumber?: string; iban?: string; wireCopy?: ReceivedFile },
  userId: number,
): Promise<{ id: number }> {
  if (!wire.wireCopy) throw new AppError('REQUIRED', { status: 400, fields: { wireCopy: 'REQUIRED' } });
  const stored = await ctx.saveFile(wire.wireCopy);
  await insertFileRecord(ctx.db, stored, 'wire-copy', userId);
  const [payment] = await ctx.db
    .insert(payments)
    .values({
      ...values,
      status: 'pending',
      bankName: wire.bankName ?? null,
      accountNumber: wire.accountNumber ?? null,
      iban: wire.iban ?? null,
      wireCopyFileId: stored.id,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment not inserted');
  return payment;
}

/** Creates a pending card payment and its hosted payment at the gateway. */
export async function startCard(
  ctx: CommandCtx,
  deps: PaymentDeps,
  values: Omit<typeof payments.$inferInsert, 'status'>,
  description: string,
): Promise<CreateResult> {
  const [payment] = await ctx.db
    .insert(payments)
    .values({ ...values, status: 'pending', gateway: deps.gateway.name })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment not inserted');
  const hosted = await deps.gateway.create({
    amount: values.amount,
    currency: 'SAR',
    description,
    paymentId: payment.id,
    callbackUrl: `${deps.config.publicUrl ?? ''}/api/payments/callback?payment=${payment.id}`,
  });
  await ctx.db
    .update(payments)
    .set({ gatewayPaymentId: hosted.gatewayPaymentId })
    .where(eq(payments.id, payment.id));
  return { id: payment.id, status: 'pending', invoiceId: null, redirectUrl: hosted.redirectUrl };
}

/** A product bought by card by a logged-in student or corporate (`/product-payment/{id}`). */
async function buyProduct(ctx: CommandCtx, deps: PaymentDeps, actor: Actor, input: CreateInput) {
  if (actor.type !== 'student' && actor.type !== 'corporate')
    throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', { status: 403 });
  if (input.method !== 'card') throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', { status: 400 });
  const product = await repo.findProduct(ctx.db, input.productId ?? 0);
  if (product?.status !== 'active') throw notFound();
  const quantity = input.quantity ?? 1;
  const { vat } = productPriceOf(product);
  const payer: repo.Payer =
    actor.type === 'student'
      ? { studentId: actor.studentId, corporateId: null }
      : { studentId: null, corporateId: actor.corporateId };
  if (payer.studentId === null && payer.corporateId === null) throw forbidden();
  const subtotal = product.price * quantity;
  const vatTotal = vat * quantity;
  return startCard(
    ctx,
    deps,
    {
      purpose: 'product',
      productId: product.id,
      quantity,
      payerStudentId: payer.studentId,
      payerCorporateId: payer.corporateId,
      method: 'card',
      amount: subtotal + vatTotal,
      subtotal,
      amanaFee: 0,
      vat: vatTotal,
      currency: 'SAR',
    },
    `${product.nameEn} × ${quantity}`,
  );
}

export type CardOutcome = 'paid' | 'declined' | 'abandoned' | 'pending';

function outcomeOf(payment: { status: string; failureReason: string | null }): CardOutcome {
  if (payment.status === 'paid') return 'paid';
  if (payment.status === 'pending') return 'pending';
  return payment.failureReason === 'abandoned' ? 'abandoned' : 'declined';
}

/**
 * Confirms a card payment with the gateway (the callback's and the webhook's one path): fetches
 * it by id with the secret key, then, under the booking's and the payment's locks, pays it only
 * if it is still pending and the gateway's status, amount and currency match. A second delivery
 * finds it no longer pending and changes nothing. Money taken for a booking that can no longer
 * take it (expired, cancelled, paid by other means) is refunded to the card through the settlement
 * step (`giveBackLateCard`).
 */
export async function confirmCard(
  ctx: Ctx,
  deps: PaymentDeps,
  paymentId: number,
  lang: Language | null,
): Promise<{ payment: repo.PaymentRow; outcome: CardOutcome }> {
  const first = await repo.findPaymentRow(ctx.db, paymentId);
  if (first?.method !== 'card' || !first.gatewayPaymentId || first.gateway !== deps.gateway.name)
    throw notFound();
  if (first.status === 'paid' || first.status === 'failed')
    return { payment: first, outcome: outcomeOf(first) };
  if (isLateCardRefunded(first)) return { payment: first, outcome: 'declined' };
  const remote: GatewayPayment = await deps.gateway.fetch(first.gatewayPaymentId);
  const run = command({
    name: 'payment.confirm-card',
    entity: 'payments',
    load: async (tx) => {
      const booking =
        first.bookingId !== null ? await repo.findBooking(tx.db, first.bookingId, true) : undefined;
      const payment = await repo.findPaymentRow(tx.db, paymentId, true);
      if (!payment) throw notFound();
      return { booking, payment };
    },
    run: async (tx, _input: { id: number }, { booking, payment }) => {
      const matches =
        remote.id === payment.gatewayPaymentId &&
        remote.amount === payment.amount &&
        remote.currency === payment.currency;
      if (payment.status === 'cancelled' && remote.status === 'paid') {
        return (await giveBackLateCard(tx, deps.gateway, paymentId, remote)) ?? payment;
      }
      if (payment.status !== 'pending' || remote.status === 'pending') return payment;
      if (remote.status === 'failed' || !matches) {
        if (remote.status === 'paid' && !matches)
          ctx.log.error({ paymentId, remote }, 'card gateway answer does not match the payment');
        const reason =
          !matches && remote.status === 'paid'
            ? 'amount or currency mismatch'
            : remote.reason === 'abandoned'
              ? 'abandoned'
              : (remote.reason ?? 'declined');
        const [failed] = await tx.db
          .update(payments)
          .set({
            status: 'failed',
            failureReason: reason,
            cardBrand: remote.cardBrand,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, paymentId))
          .returning();
        return failed ?? payment;
      }
      const stillPayable =
        !booking ||
        ((booking.status === 'Pending Payment' ||
          (booking.status === 'Booked' && booking.corporateId !== null)) &&
          booking.total - booking.amountPaid >= payment.amount);
      if (!stillPayable) return (await giveBackLateCard(tx, deps.gateway, paymentId, remote)) ?? payment;
      const [paid] = await tx.db
        .update(payments)
        .set({
          status: 'paid',
          paidAt: new Date(),
          cardBrand: remote.cardBrand,
          failureReason: null,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId))
        .returning();
      if (!paid) throw new Error('payment not updated');
      let lines: InvoiceLine[];
      if (booking) {
        lines = [bookingLine(booking, paid)];
      } else {
        const product = await repo.findProduct(tx.db, paid.productId ?? 0);
        lines = [
          {
            descriptionEn: product?.nameEn ?? 'Product',
            descriptionAr: product?.nameAr ?? 'منتج',
            quantity: paid.quantity,
            subtotal: paid.subtotal,
            amanaFee: 0,
            vat: paid.vat,
            total: paid.amount,
          },
        ];
      }
      await settlePaid(tx, deps, paid, lines, lang);
      return paid;
    },
    audit: ({ result, before }) =>
      result.status === before.payment.status
        ? null
        : { entityId: paymentId, before: before.payment.status, after: { status: result.status } },
  });
  const payment = await run(ctx, { id: paymentId });
  return { payment, outcome: outcomeOf(payment) };
}

/**
 * A payment finance decides on, with its booking, both locked (the booking first, as paying does);
 * a payment of another branch than a branch-bound caller's is not found.
 */
export async function lockWirePayment(ctx: CommandCtx, { id }: { id: number }) {
  const first = await repo.findPaymentRow(ctx.db, id);
  if (!first) throw notFound();
  const booking =
    first.bookingId !== null ? await repo.findBooking(ctx.db, first.bookingId, true) : undefined;
  const payment = await repo.findPaymentRow(ctx.db, id, true);
  if (!payment) throw notFound();
  const actor = actorOf(ctx);
  if (actor.branchId !== null && payment.branchId !== actor.branchId) throw notFound();
  return { booking, payment };
}

/** `POST /api/payments/:id/confirm-wire` (finance): the wire arrived; the payment is paid and invoiced. */
export function confirmWire(deps: PaymentDeps) {
  return command({
    name: 'payment.confirm-wire',
    entity: 'payments',
    idempotency: 'required',
    load: lockWirePayment,
    run: async (ctx, { id }, { booking, payment }) => {
      if (payment.method !== 'wire' || payment.status !== 'pending')
        throw conflict('PAYMENT_NOT_PENDING_WIRE');
      const [paid] = await ctx.db
        .update(payments)
        .set({
          status: 'paid',
          paidAt: new Date(),
          takenByUserId: actorOf(ctx).userId,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, id))
        .returning();
      if (!paid || (!booking && paid.purpose !== 'advance'))
        throw new Error('wire payment without its booking');
      const lines = booking ? [bookingLine(booking, paid)] : [];
      const { invoiceId } = await settlePaid(ctx, deps, paid, lines, null);
      return { id, status: 'paid' as const, invoiceId, redirectUrl: null };
    },
    audit: ({ before, result }) => ({
      entityId: result.id,
      before: { status: before.payment.status },
      after: { status: 'paid' },
    }),
    message: 'WIRE_CONFIRMED',
  });
}

/**
 * Pending card payments that a cancelled booking (or bookings whose hold the sweep expired,
 * `abandoned`) leave behind: they can no longer pay. A card paid at the gateway after this is
 * refunded when it is confirmed.
 */
export async function cancelPendingCards(
  db: Db,
  bookingIds: number | readonly number[],
  reason: 'booking cancelled' | 'abandoned' = 'booking cancelled',
) {
  const ids = typeof bookingIds === 'number' ? [bookingIds] : bookingIds;
  if (ids.length === 0) return;
  await db
    .update(payments)
    .set({ status: 'cancelled', failureReason: reason, updatedAt: new Date() })
    .where(
      and(inArray(payments.bookingId, [...ids]), eq(payments.status, 'pending'), ne(payments.method, 'wire')),
    );
}

/** The card payment a gateway's id names. */
export async function findByGatewayId(ctx: Ctx, deps: PaymentDeps, gatewayPaymentId: string) {
  const [row] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, deps.gateway.name), eq(payments.gatewayPaymentId, gatewayPaymentId)));
  return row;
}

/** A card payment still waiting for the gateway, to tell its payer so when the gateway cannot be asked. */
export async function pendingCardPayment(ctx: Ctx, id: number) {
  const payment = await repo.findPaymentRow(ctx.db, id);
  return payment?.method === 'card' && payment.status === 'pending' ? payment : undefined;
}
