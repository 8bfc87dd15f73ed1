import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import type { CommandCtx } from '../../lib/command.ts';
import type { CardGateway, GatewayPayment } from './gateway.ts';
import { lockPayment, type PaymentRow } from './remaining.ts';

/** What a card payment says once the money the gateway took too late has gone back to the card. */
export const LATE_CARD_REFUNDED = 'paid after the booking could no longer take it; refunded to the card';

/** Whether a card payment's late charge has already been given back. */
export const isLateCardRefunded = (payment: Pick<PaymentRow, 'status' | 'failureReason'>): boolean =>
  payment.status === 'cancelled' && payment.failureReason === LATE_CARD_REFUNDED;

/**
 * The settlement step of a card the gateway charged after its booking could no longer take it
 * (expired, cancelled, paid by other means): the charge never entered our books (no invoice, so no
 * credit note), and what is left to give back is all of it until the payment says it went back.
 * Under the payment's row lock, a payment paid in our books is given back by credit notes only
 * (`giveBack`), and a charge already given back is not given again; otherwise the payment is
 * marked and the whole charge refunded to the card once the change commits, once however often
 * it is asked (the gateway's key is the payment's). Returns the marked payment, or undefined when
 * nothing was left to give back.
 */
export async function giveBackLateCard(
  ctx: CommandCtx,
  gateway: CardGateway,
  paymentId: number,
  remote: GatewayPayment,
): Promise<PaymentRow | undefined> {
  const payment = await lockPayment(ctx.db, paymentId);
  if (!payment || payment.status === 'paid' || isLateCardRefunded(payment)) return undefined;
  const [marked] = await ctx.db
    .update(payments)
    .set({
      status: 'cancelled',
      failureReason: LATE_CARD_REFUNDED,
      cardBrand: remote.cardBrand ?? payment.cardBrand,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId))
    .returning();
  ctx.afterCommit(async () => {
    await gateway.refund(remote.id, remote.amount, { key: `late-payment-${paymentId}`, refundedBefore: 0 });
  });
  return marked;
}
