import { type AdvanceMethod, type AdvancePaymentInput, translateMessage } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { corporates, payments, students } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { insertPendingWire, type PaymentDeps, settlePaid, startCard } from '../payments/index.ts';
import { advanceBranchOf } from './branch.ts';
import { advancesPolicy, isOwnAdvance } from './policy.ts';

/**
 * Advance payments (issue 13, F5; docs/decisions/0020-advance-payments.md): money paid ahead into
 * a student's or a corporate's balance, through the one payment path. A payment of purpose
 * `advance` pays nothing yet: no VAT and no Amanah share; its document is an invoice of one
 * zero-VAT line (the receipt), and VAT is invoiced when the balance pays a booking.
 */

type AdvanceInput = AdvancePaymentInput & { wireCopy?: ReceivedFile };

async function payerExists(ctx: CommandCtx, input: AdvanceInput) {
  const table = input.payerKind === 'student' ? students : corporates;
  const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, input.payerId));
  return row !== undefined;
}

/**
 * `POST /api/advance-payments`. Finance (create_10) records cash, POS or a wire for any payer; a
 * student or corporate pays its own advance by card (through the gateway's hosted page) or by
 * wire. Cash and POS are paid at once (balance credited, receipt issued); a wire waits for
 * finance's confirmation (`POST /api/payments/:id/confirm-wire`); a card for the gateway.
 */
export function createAdvancePayment(deps: PaymentDeps) {
  return command({
    name: 'payment.advance',
    entity: 'payments',
    idempotency: 'required',
    authorize: advancesPolicy.authorize('pay', (_before, input: AdvanceInput) => input),
    run: async (ctx, input: AdvanceInput) => {
      const actor = actorOf(ctx);
      const own = isOwnAdvance(actor, input);
      const allowed: readonly AdvanceMethod[] = own ? ['card', 'wire'] : ['cash', 'pos', 'wire'];
      if (!allowed.includes(input.method))
        throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', {
          status: 400,
          fields: { method: 'PAYMENT_METHOD_NOT_ALLOWED' },
        });
      if (!(await payerExists(ctx, input))) throw notFound();
      const branchId = await advanceBranchOf(ctx.db, actor, input, own);
      const base = {
        purpose: 'advance' as const,
        payerStudentId: input.payerKind === 'student' ? input.payerId : null,
        payerCorporateId: input.payerKind === 'corporate' ? input.payerId : null,
        method: input.method,
        amount: input.amount,
        subtotal: input.amount,
        amanaFee: 0,
        vat: 0,
        currency: 'SAR',
        branchId,
      };
      if (input.method === 'card') return startCard(ctx, deps, base, 'Advance payment');
      if (input.method === 'wire') {
        const pending = await insertPendingWire(ctx, base, input, actor.userId);
        return {
          id: pending.id,
          status: 'pending' as const,
          invoiceId: null,
          redirectUrl: null,
          message: translateMessage('PAYMENT_WIRE_PENDING', ctx.lang),
        };
      }
      const [paid] = await ctx.db
        .insert(payments)
        .values({
          ...base,
          status: 'paid',
          posReference: input.method === 'pos' ? (input.posReference ?? null) : null,
          takenByUserId: actor.userId,
          paidAt: new Date(),
        })
        .returning();
      if (!paid) throw new Error('payment not inserted');
      const { invoiceId } = await settlePaid(ctx, deps, paid, [], own ? ctx.lang : null);
      return {
        id: paid.id,
        status: 'paid' as const,
        invoiceId,
        redirectUrl: null,
        message: translateMessage('ADVANCE_PAID', ctx.lang),
      };
    },
    audit: ({ input, result }) => ({
      entityId: result.id,
      after: { ...input, wireCopy: input.wireCopy ? '(file)' : undefined, status: result.status },
    }),
  });
}
