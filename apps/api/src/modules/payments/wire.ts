import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { findPayableBooking } from '../bookings/index.ts';
import { insertFileRecord } from '../files/index.ts';
import { paymentsPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { bookingLine, conflict, type PaymentDeps, settlePaid } from './settle.ts';

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

/**
 * A payment finance decides on, with its booking, both locked (the booking first, as paying does);
 * a payment of another branch than a branch-bound caller's is not found.
 */
export async function lockWirePayment(ctx: CommandCtx, { id }: { id: number }) {
  const first = await repo.findPaymentRow(ctx.db, id);
  if (!first) throw notFound();
  const booking =
    first.bookingId !== null ? await findPayableBooking(ctx.db, first.bookingId, true) : undefined;
  const payment = await repo.findPaymentRow(ctx.db, id, true);
  if (!payment) throw notFound();
  const actor = actorOf(ctx);
  if (actor.branchId !== null && payment.branchId !== actor.branchId) throw notFound();
  return { booking, payment };
}

/**
 * The reject-wire route's guard, before its body is read: a payment the caller may not decide on
 * (none, or another branch's than a branch-bound caller's) is not found, as `lockWirePayment` says.
 */
export async function assertWireInScope(ctx: Ctx, { id }: { id: number }): Promise<void> {
  const payment = await repo.findPaymentRow(ctx.db, id);
  const actor = actorOf(ctx);
  if (!payment || (actor.branchId !== null && payment.branchId !== actor.branchId)) throw notFound();
}

export type WireLock = Awaited<ReturnType<typeof lockWirePayment>>;

/** `POST /api/payments/:id/confirm-wire` (finance): the wire arrived; the payment is paid and invoiced. */
export function confirmWire(deps: PaymentDeps) {
  return command({
    name: 'payment.confirm-wire',
    entity: 'payments',
    idempotency: 'required',
    load: lockWirePayment,
    authorize: paymentsPolicy.authorize('decideWires', (locked: WireLock) => locked),
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
