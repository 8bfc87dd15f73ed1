import {
  type InvoiceLine,
  type Language,
  type PaymentCreated,
  type PaymentInput,
  productPriceOf,
} from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import type { Actor, Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { findPayableBooking, type PayableBooking } from '../bookings/index.ts';
import type { GatewayPayment } from '../money/index.ts';
import { giveBackLateCard, isLateCardRefunded, type Payer } from '../money/index.ts';
import { paymentsPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { bookingLine, type PaymentDeps, settlePaid } from './settle.ts';

type CreateInput = PaymentInput & { wireCopy?: ReceivedFile };
type CreateResult = PaymentCreated & { message?: string };

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
export async function buyProduct(ctx: CommandCtx, deps: PaymentDeps, actor: Actor, input: CreateInput) {
  if (actor.type !== 'student' && actor.type !== 'corporate')
    throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', { status: 403 });
  if (input.method !== 'card') throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', { status: 400 });
  const product = await repo.findProduct(ctx.db, input.productId ?? 0);
  if (product?.status !== 'active') throw notFound();
  const quantity = input.quantity ?? 1;
  const { vat } = productPriceOf(product);
  const payer: Payer =
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

/** What a card's confirmation locks: its booking (when it has one), then the payment. */
type CardLock = { booking: PayableBooking | undefined; payment: repo.PaymentRow };

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
        first.bookingId !== null ? await findPayableBooking(tx.db, first.bookingId, true) : undefined;
      const payment = await repo.findPaymentRow(tx.db, paymentId, true);
      if (!payment) throw notFound();
      return { booking, payment };
    },
    authorize: paymentsPolicy.authorize('confirmCard', (locked: CardLock) => locked),
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
