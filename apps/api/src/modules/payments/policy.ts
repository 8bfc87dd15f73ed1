import { canAccess, holdsAnyRight, Resource } from '@tasreeh/shared';
import { eq, type SQL } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { anyone, definePolicy, holds } from '../../lib/policy.ts';
import { isStaff } from '../../lib/scope.ts';
import { closingRights } from '../daily-closings/index.ts';
import type { Payer } from '../money/index.ts';
import { isPayer, isTellerOf } from './settle.ts';

/** Who reads payments beyond their own: finance (read_10) or cash and closing (read_17), the closings' rights. */
const PAYMENT_READERS = closingRights('read');

/** Finance or cash staff (read_10 or read_17). */
function isFinance(actor: Actor): boolean {
  return holdsAnyRight(actor.privileges, PAYMENT_READERS);
}

/** A branch-bound caller's branch, or none: head office sees every branch's payments. */
const inBranchOf = (actor: Actor, branchId: number | null) =>
  actor.branchId === null || actor.branchId === branchId;

/**
 * Who may ask for refunds (refunds' `request` rule, exported for it): staff with create on finance
 * (10) or on cash and closing (17).
 */
export function isRefundRequester(actor: Actor): boolean {
  return isStaff(actor) && holdsAnyRight(actor.privileges, closingRights('create'));
}

interface PaymentRow {
  payerStudentId: number | null;
  payerCorporateId: number | null;
  branchId: number | null;
  method: string;
  status: string;
}

/** May the caller see this payment (and its invoice)? Its payer, a teller of its branch, finance of its branch. */
function maySee(actor: Actor, payment: Omit<PaymentRow, 'method' | 'status'>): boolean {
  if (isPayer(actor, { studentId: payment.payerStudentId, corporateId: payment.payerCorporateId }))
    return true;
  if (isTellerOf(actor, payment.branchId)) return true;
  if (!isStaff(actor)) return false;
  return isFinance(actor) && inBranchOf(actor, payment.branchId);
}

/** Finance's decision on a wire waiting for it (edit_10), of its branch when it belongs to one. */
const decidesWire = (actor: Actor, payment: PaymentRow) =>
  canAccess(actor.privileges, Resource.Finance, 'edit') &&
  inBranchOf(actor, payment.branchId) &&
  payment.method === 'wire' &&
  payment.status === 'pending';

/**
 * Who may do what with payments (issue 11): checkout by its payer or a teller, the lists for a
 * payer's own or finance's, wires decided by finance (edit_10), the card gateway's return public.
 */
export const paymentsPolicy = definePolicy({
  area: 'payments',
  routes: {
    payersAndTellers: { types: ['student', 'corporate', 'Teller'] },
    payers: { types: ['student', 'corporate'] },
    /** The payment lists: a payer's own, or finance's (read_10 or read_17). */
    lists: { owners: ['student', 'corporate'], permission: PAYMENT_READERS },
    session: 'session',
    public: 'public',
    wires: { permission: { resource: Resource.Finance, action: 'edit' } },
  },
  rules: {
    /** A payment's payer, a teller of its branch, finance of its branch (else: not found). */
    see: maySee,
    /** A booking is paid by its payer or a teller of its branch; anyone else is told it does not exist. */
    payFor: {
      allows: (actor, booking: { payer: Payer; branchId: number | null }) =>
        isPayer(actor, booking.payer) || isTellerOf(actor, booking.branchId),
      refusal: () => notFound(),
    },
    /** Cash and POS are taken at the counter, by a teller. */
    takeAtCounter: {
      allows: (actor) => actor.type === 'Teller',
      refusal: () => new AppError('TELLER_ONLY_PAYMENT', { status: 403 }),
    },
    /** Card, wire and balance are the payer's own. */
    payOwn: {
      allows: (actor, booking: { payer: Payer }) => isPayer(actor, booking.payer),
      refusal: () => new AppError('PAYMENT_METHOD_NOT_ALLOWED', { status: 403 }),
    },
    /** The gateway's answer confirms a card payment, whoever brings it back (it is fetched with the secret key). */
    confirmCard: anyone,
    /** The wire routes' command rule (the row's branch is checked when it is locked: 404). */
    decideWires: holds(Resource.Finance, 'edit'),
    confirmWire: decidesWire,
    rejectWire: decidesWire,
    /** A paid, invoiced payment of the caller's branch may be asked to be refunded (refunds decides how much). */
    refund: (actor, payment: PaymentRow & { invoiceId: number | null }) =>
      isRefundRequester(actor) &&
      inBranchOf(actor, payment.branchId) &&
      payment.status === 'paid' &&
      payment.invoiceId !== null,
  },
});

/** May the caller see this payment (and its invoice)? The invoices read it (payments/index.ts). */
export function mayReadPayment(actor: Actor, payment: Omit<PaymentRow, 'method' | 'status'>): boolean {
  return paymentsPolicy.may(actor, 'see', payment as PaymentRow);
}

/** Whose payments the caller's lists show: a payer its own; finance (read_10 or read_17) all, or its branch's. */
export function paymentsScopeOf(actor: Actor): SQL | undefined {
  if (actor.type === 'student') return eq(payments.payerStudentId, actor.studentId ?? -1);
  if (actor.type === 'corporate') return eq(payments.payerCorporateId, actor.corporateId ?? -1);
  if (!isFinance(actor)) throw forbidden();
  return actor.branchId !== null ? eq(payments.branchId, actor.branchId) : undefined;
}
