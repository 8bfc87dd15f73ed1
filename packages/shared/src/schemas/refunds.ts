import { REFUND_PAYOUT_STATUSES, REFUND_PAYOUTS, REFUND_STATUSES } from '../finance.ts';
import type { MessageCode } from '../messages.ts';
import { PAYMENT_METHODS } from '../payments.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { IdSchema, requiredText } from './common.ts';
import { ListCount, listPage, newestFirstPaging } from './lists.ts';

/** `POST /api/refund-requests` (issue 13, F1): a refund of part or all of a paid payment, waiting for approval. */
export const RefundRequestInput = z.strictObject({
  paymentId: IdSchema,
  /** Halalas: at most what is left to refund of the payment. */
  amount: z
    .number({ error: 'INVALID_VALUE' satisfies MessageCode })
    .int()
    .positive()
    .max(1e11),
  reason: requiredText('REQUIRED', 500),
  payout: z.enum(REFUND_PAYOUTS, { error: 'INVALID_VALUE' satisfies MessageCode }),
});
export type RefundRequestInput = z.infer<typeof RefundRequestInput>;

/** Approve with an optional note; reject with a required one. */
export const RefundApproveInput = z.strictObject({ note: requiredText('REQUIRED', 500).optional() });
export type RefundApproveInput = z.infer<typeof RefundApproveInput>;
export const RefundRejectInput = z.strictObject({ note: requiredText('REQUIRED', 500) });
export type RefundRejectInput = z.infer<typeof RefundRejectInput>;

export const REFUND_PAYER_KINDS = ['student', 'corporate'] as const;

export const RefundRequest = z.object({
  id: z.number(),
  paymentId: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentAmount: z.number(),
  branchId: z.number().nullable(),
  payerKind: z.enum(REFUND_PAYER_KINDS),
  payerName: z.string(),
  /** The payer's Arabic name (may be empty: show the other). */
  payerNameAr: z.string(),
  /** A student's ID number, or a corporate's CR number. */
  payerNumber: z.string(),
  amount: z.number(),
  reason: z.string(),
  payout: z.enum(REFUND_PAYOUTS),
  status: z.enum(REFUND_STATUSES),
  requestedByUserId: z.number(),
  requestedByName: z.string(),
  requestedByNameAr: z.string(),
  decidedByUserId: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decidedByNameAr: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  creditNoteId: z.number().nullable(),
  creditNoteNumber: z.string().nullable(),
  /** A card refund's way out through the gateway, after the approval (`none` when no gateway is called). */
  payoutStatus: z.enum(REFUND_PAYOUT_STATUSES),
  /** The gateway's reason of the last failed attempt (staff only; never shown to a payer). */
  payoutError: z.string().nullable(),
  payoutSentAt: z.string().nullable(),
  createdAt: z.string(),
  /** The refunds policy's answer for the caller: a pending request it did not ask for itself, a failed card refund. */
  abilities: Abilities('approve', 'reject', 'retryPayout'),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

export const RefundRequestListQuery = z.strictObject({
  status: z.enum(REFUND_STATUSES).optional(),
  payerKind: z.enum(REFUND_PAYER_KINDS).optional(),
  paymentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** With `search`, the payer: a student by ID number or either name, a corporate by either name or CR. */
  ...newestFirstPaging,
});
export type RefundRequestListQuery = z.infer<typeof RefundRequestListQuery>;
export const RefundRequestCountQuery = RefundRequestListQuery.omit({ cursor: true, limit: true });
export type RefundRequestCountQuery = z.infer<typeof RefundRequestCountQuery>;
export const RefundRequestPage = listPage(RefundRequest);
export type RefundRequestPage = z.infer<typeof RefundRequestPage>;
export { ListCount as RefundRequestCount };

/** What a request, an approval or a rejection answers: the request and the message to show. */
export const RefundRequestDone = z.object({ request: RefundRequest, message: z.string() });
export type RefundRequestDone = z.infer<typeof RefundRequestDone>;

/**
 * What is left to refund of a payment (halalas): `refundable` = `paid` − `givenBack` (every credit
 * note already issued on it: approved refunds, a cancelled booking's credit) − `pending` (requests
 * awaiting approval). For an advance, `advanceInBalance` is what the payer's balance still holds
 * (its money sits there until spent, and only that can go back, by the original method); null for
 * any other payment.
 */
export const RefundableOf = z.object({
  paymentId: z.number(),
  refundable: z.number(),
  paid: z.number(),
  givenBack: z.number(),
  pending: z.number(),
  advanceInBalance: z.number().nullable(),
});
export type RefundableOf = z.infer<typeof RefundableOf>;
