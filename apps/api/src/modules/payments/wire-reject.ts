import {
  HOLD_MINUTES,
  type Language,
  type PaymentCreated,
  toRiyalString,
  translateMessage,
  type WireRejectInput,
} from '@tasreeh/shared';
import { eq, sql } from 'drizzle-orm';
import { bookings, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';
import type { PayableBooking } from '../bookings/index.ts';
import { expireHoldsLater } from '../bookings/index.ts';
import { paymentsPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { type PaymentDeps, payerOfBooking } from './settle.ts';
import { lockWirePayment, type WireLock } from './wire.ts';

/**
 * `POST /api/payments/:id/reject-wire` (finance, as confirm-wire): the wire did not arrive or is
 * wrong. The payment fails with the reason and no invoice; its booking goes back from Pending to
 * Pending Payment with a fresh hold, so that the payer can pay another way (else the hold sweep
 * frees the seat); the payer is told in both languages through the outbox.
 */
export function rejectWire(deps: PaymentDeps) {
  return command({
    name: 'payment.reject-wire',
    entity: 'payments',
    idempotency: 'required',
    load: lockWirePayment,
    authorize: paymentsPolicy.authorize('decideWires', (locked: WireLock) => locked),
    run: async (ctx, { id, reason }: { id: number } & WireRejectInput, { booking, payment }) => {
      // A booking's wire, or an advance's (issue 13, F5), which has no booking to hold again.
      if (
        payment.method !== 'wire' ||
        payment.status !== 'pending' ||
        (!booking && payment.purpose !== 'advance')
      )
        throw new AppError('PAYMENT_WIRE_NOT_REJECTABLE', { status: 409 });
      await ctx.db
        .update(payments)
        .set({
          status: 'failed',
          failureReason: reason,
          takenByUserId: actorOf(ctx).userId,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, id));
      if (booking?.status === 'Pending') {
        await ctx.db
          .update(bookings)
          .set({
            status: 'Pending Payment',
            holdExpiresAt: sql`now() + ${`${HOLD_MINUTES} minutes`}::interval`,
            updatedAt: new Date(),
          })
          .where(eq(bookings.id, booking.id));
        await expireHoldsLater(ctx, [booking.id]);
      }
      if (booking) await tellPayer(ctx, deps, { payment, booking, reason });
      else await tellAdvancePayer(ctx, { payment, reason });
      const result: PaymentCreated = { id, status: 'failed', invoiceId: null, redirectUrl: null };
      return result;
    },
    audit: ({ input, before }) => ({
      entityId: input.id,
      before: { status: before.payment.status, booking: before.booking?.status },
      after: { status: 'failed', reason: input.reason },
    }),
    message: 'WIRE_REJECTED',
  });
}

/** The payer's e-mail (and SMS when it has a phone), in Arabic then English: why, and where to pay again. */
async function tellPayer(
  ctx: CommandCtx,
  deps: PaymentDeps,
  { payment, booking, reason }: { payment: repo.PaymentRow; booking: PayableBooking; reason: string },
) {
  const contact = await repo.payerContact(ctx.db, payerOfBooking(booking));
  if (!contact) return;
  const area = booking.corporateId !== null ? 'corporate' : 'student';
  const link = `${deps.config.publicUrl ?? ''}/${area}/payments/check-out/${booking.id}`;
  const textIn = (language: Language) =>
    translateMessage('WIRE_REJECTED_TEXT', language, {
      amount: toRiyalString(payment.amount),
      booking: booking.number,
      reason,
      minutes: HOLD_MINUTES,
      link,
    });
  const body = `${textIn('ar')}\n\n${textIn('en')}`;
  const subject = `${translateMessage('WIRE_REJECTED_SUBJECT', 'ar')} | ${translateMessage('WIRE_REJECTED_SUBJECT', 'en')}`;
  if (contact.phone) await enqueueMessage(ctx, { channel: 'sms', recipient: contact.phone, body });
  await enqueueMessage(ctx, { channel: 'email', recipient: contact.email, subject, body });
}

/** An advance's payer is told its wire was refused and its balance did not change. */
async function tellAdvancePayer(
  ctx: CommandCtx,
  { payment, reason }: { payment: repo.PaymentRow; reason: string },
) {
  const contact = await repo.payerContact(ctx.db, {
    studentId: payment.payerStudentId,
    corporateId: payment.payerCorporateId,
  });
  if (!contact) return;
  const textIn = (language: Language) =>
    translateMessage('ADVANCE_WIRE_REJECTED_TEXT', language, {
      amount: toRiyalString(payment.amount),
      reason,
    });
  const body = `${textIn('ar')}\n\n${textIn('en')}`;
  const subject = `${translateMessage('WIRE_REJECTED_SUBJECT', 'ar')} | ${translateMessage('WIRE_REJECTED_SUBJECT', 'en')}`;
  if (contact.phone) await enqueueMessage(ctx, { channel: 'sms', recipient: contact.phone, body });
  await enqueueMessage(ctx, { channel: 'email', recipient: contact.email, subject, body });
}
