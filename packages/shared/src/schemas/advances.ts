import type { MessageCode } from '../messages.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, WALLET_ENTRY_KINDS } from '../payments.ts';
import { z } from '../zod.ts';
import { isoDate } from './common.ts';
import { listPage, newestFirstPaging } from './lists.ts';
import { HalalasInput, paymentMethodDetails, requireMethodDetails } from './payments.ts';

/** Whose balance: a student's or a corporate's. */
export const PAYER_KINDS = ['student', 'corporate'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];

/** How an advance is paid: at the counter (cash, POS), by wire with its copy, or by card through the gateway. */
export const ADVANCE_METHODS = [
  'cash',
  'pos',
  'wire',
  'card',
] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];
export type AdvanceMethod = (typeof ADVANCE_METHODS)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);
const _halalas = z
  .number({ error: 'INVALID_VALUE' satisfies MessageCode })
  .int()
  .positive()
  .max(1e11);

/**
 * `POST /api/advance-payments` (issue 13, F5): money paid in advance into a payer's balance.
 * Finance records cash, POS and wire for any payer; a student or corporate pays its own by card
 * (or wire). A wire comes as multipart/form-data with the same fields and the file `wireCopy`.
 */
export const AdvancePaymentInput = z
  .strictObject({
    payerKind: z.enum(PAYER_KINDS, { error: 'INVALID_VALUE' satisfies MessageCode }),
    payerId: id,
    method: z.enum(ADVANCE_METHODS, { error: 'INVALID_VALUE' satisfies MessageCode }),
    amount: HalalasInput,
    /**
     * The branch whose till or account takes the money: required of head-office staff (who belong
     * to no branch); staff of a branch record into theirs, a payer's own advance goes to its
     * registration branch (decision 0021).
     */
    branchId: id.optional(),
    ...paymentMethodDetails,
  })
  .superRefine(requireMethodDetails);
export type AdvancePaymentInput = z.infer<typeof AdvancePaymentInput>;

export const AdvancePayment = z.object({
  id: z.number(),
  payerKind: z.enum(PAYER_KINDS),
  payerId: z.number(),
  payerName: z.string(),
  /** The payer's Arabic name (may be empty: show the other). */
  payerNameAr: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  branchId: z.number().nullable(),
  posReference: z.string().nullable(),
  bankName: z.string().nullable(),
  wireCopyFileId: z.string().nullable(),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdvancePayment = z.infer<typeof AdvancePayment>;

export const AdvancePaymentListQuery = z.strictObject({
  payerKind: z.enum(PAYER_KINDS).optional(),
  method: z.enum(ADVANCE_METHODS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  from: isoDate('INVALID_VALUE').optional(),
  to: isoDate('INVALID_VALUE').optional(),
  /** With `search`, the payer: a student by ID number or either name, a corporate by either name or CR. */
  ...newestFirstPaging,
});
export type AdvancePaymentListQuery = z.infer<typeof AdvancePaymentListQuery>;
export const AdvancePaymentPage = listPage(AdvancePayment);
export type AdvancePaymentPage = z.infer<typeof AdvancePaymentPage>;

/** A payer's balance in the balances list (halalas). */
export const PayerBalance = z.object({
  payerKind: z.enum(PAYER_KINDS),
  payerId: z.number(),
  payerName: z.string(),
  /** The payer's Arabic name (may be empty: show the other). */
  payerNameAr: z.string(),
  /** A student's ID number or a corporate's CR number. */
  payerNumber: z.string().nullable(),
  balance: z.number(),
  lastMovementAt: z.string().nullable(),
});
export type PayerBalance = z.infer<typeof PayerBalance>;

export const BalanceListQuery = z.strictObject({
  payerKind: z.enum(PAYER_KINDS).optional(),
  /** With `search`, the payer: a student by ID number or either name, a corporate by either name or CR. */
  ...newestFirstPaging,
});
export type BalanceListQuery = z.infer<typeof BalanceListQuery>;
export const BalancePage = listPage(PayerBalance);
export type BalancePage = z.infer<typeof BalancePage>;

export const BalanceMovement = z.object({
  id: z.number(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  amount: z.number(),
  paymentId: z.number().nullable(),
  bookingId: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type BalanceMovement = z.infer<typeof BalanceMovement>;

/** `GET /api/balances/:kind/:id`: a payer's balance and its latest movements, newest first. */
export const PayerBalanceDetail = PayerBalance.extend({ movements: z.array(BalanceMovement) });
export type PayerBalanceDetail = z.infer<typeof PayerBalanceDetail>;

/** `GET /api/advance-payments/payers?search=`: students and corporates to pay for (finance, create_10). */
export const PayerSearchQuery = z.strictObject({
  search: z
    .string()
    .trim()
    .min(2, { error: 'INVALID_VALUE' satisfies MessageCode })
    .max(100),
});
/** A payer the advance form's lookup offers: both names, the screen shows the one of its language. */
export const PayerOption = z.object({
  payerKind: z.enum(PAYER_KINDS),
  payerId: z.number(),
  payerNameEn: z.string(),
  payerNameAr: z.string(),
  payerNumber: z.string().nullable(),
});
export type PayerOption = z.infer<typeof PayerOption>;

export const PayerBalanceParams = z.strictObject({ kind: z.enum(PAYER_KINDS), id });

/** Finance reports (read_10): revenue of a period, grouped. */
export const REVENUE_GROUPINGS = ['day', 'branch', 'method', 'course'] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];

export const RevenueQuery = z.strictObject({
  from: isoDate('INVALID_VALUE'),
  to: isoDate('INVALID_VALUE'),
  groupBy: z.enum(REVENUE_GROUPINGS).default('day'),
});
export type RevenueQuery = z.infer<typeof RevenueQuery>;
export const RevenueExportQuery = RevenueQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
  /** The file's language (a download link cannot set Accept-Language); default the request's. */
  lang: z.enum(['en', 'ar']).optional(),
});
export type RevenueExportQuery = z.infer<typeof RevenueExportQuery>;

/** One group's revenue (halalas): paid payments minus credit notes, with its parts. */
export const RevenueRow = z.object({
  key: z.string(),
  labelEn: z.string(),
  labelAr: z.string(),
  payments: z.number(),
  creditNotes: z.number(),
  subtotal: z.number(),
  amanaFee: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type RevenueRow = z.infer<typeof RevenueRow>;

export const RevenueReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REVENUE_GROUPINGS),
  rows: z.array(RevenueRow),
  totals: RevenueRow.omit({ key: true, labelEn: true, labelAr: true }),
});
export type RevenueReport = z.infer<typeof RevenueReport>;
