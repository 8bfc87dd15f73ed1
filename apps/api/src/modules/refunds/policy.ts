import { holdsAnyRight, Resource } from '@tasreeh/shared';
import { eq, type SQL } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { isStaff } from '../../lib/scope.ts';
import { closingRights } from '../daily-closings/index.ts';
import { isRefundRequester } from '../payments/index.ts';

/** The rights of the refund routes: create (to request) or read on finance (10) or on cash and closing (17). */
const REFUND_REQUESTERS = closingRights('create');
const REFUND_READERS = closingRights('read');

/** The CFO's right: finance with edit decides on requests and sends a failed card refund again. */
const decides = holds(Resource.Finance, 'edit');

/** Four eyes: the one who asked for a refund never decides on it. */
const notTheRequester = (actor: Actor, request: { requestedByUserId: number }) =>
  request.requestedByUserId !== actor.userId;

interface RequestRow {
  requestedByUserId: number;
  status: string;
  payoutStatus: string;
}

/** A decision on a pending request, by finance with edit, never its requester. */
const decidesPending = (actor: Actor, request: RequestRow) =>
  decides(actor, request) && notTheRequester(actor, request) && request.status === 'pending';

/**
 * Who may do what with refund requests (issue 13, F1): staff with create on 10 or 17 request one
 * (their branch's payments); staff with read on 10 or 17 read them; finance with edit (the CFO)
 * approves or rejects a pending one it did not ask for itself, and sends a failed card refund again.
 */
export const refundsPolicy = definePolicy({
  area: 'refunds',
  routes: {
    request: { permission: REFUND_REQUESTERS },
    read: { permission: REFUND_READERS },
    decide: { permission: { resource: Resource.Finance, action: 'edit' } },
  },
  rules: {
    /** Staff with create on finance (10) or on cash and closing (17). */
    request: isRefundRequester,
    /** Staff with read on 10 or 17. */
    read: (actor) => isStaff(actor) && holdsAnyRight(actor.privileges, REFUND_READERS),
    /** The four eyes of a decision (the decision commands' rule; a request no longer pending is 409 after it). */
    decide: {
      allows: notTheRequester,
      refusal: () => new AppError('REFUND_OWN_REQUEST', { status: 403 }),
    },
    /** The retry's rule (a payout that has not failed is 409 when the request is locked). */
    retry: decides,
    approve: decidesPending,
    reject: decidesPending,
    retryPayout: (actor, request: RequestRow) => decides(actor, request) && request.payoutStatus === 'failed',
  },
});

/** The abilities a refund request carries. */
export const REQUEST_ABILITIES = ['approve', 'reject', 'retryPayout'] as const;

/** Branch scope, as payments: staff of a branch see its payments' requests only. */
export function inScope(actor: Actor, payment: { branchId: number | null }): boolean {
  return actor.branchId === null || actor.branchId === payment.branchId;
}

/** Which requests a caller's lists show: its branch's payments' (403 without read on 10 or 17). */
export function requestsScopeOf(actor: Actor): SQL | undefined {
  if (!refundsPolicy.may(actor, 'read', undefined)) throw forbidden();
  return actor.branchId !== null ? eq(payments.branchId, actor.branchId) : undefined;
}
