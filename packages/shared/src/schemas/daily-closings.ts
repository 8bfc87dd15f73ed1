import { CLOSING_STATUSES } from '../finance.ts';
import type { MessageCode } from '../messages.ts';
import { parseRiyals } from '../money.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { displayText, IdSchema, isoDate } from './common.ts';
import { listPage } from './lists.ts';

/** The deposit slip of a closing: a picture or a PDF of the bank's receipt. */
export const DEPOSIT_SLIP_RULE = {
  required: true,
  maxMegabytes: 5,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

const riyals = z.string({ error: 'AMOUNT_INVALID' }).transform((value, context) => {
  const halalas = parseRiyals(value);
  if (halalas === undefined) context.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
  return halalas ?? 0;
});

/** `GET /api/daily-closings/summary`: the branch and the day whose takings to total. */
export const ClosingSummaryQuery = z.strictObject({
  branchId: IdSchema,
  day: isoDate('INVALID_VALUE'),
});
export type ClosingSummaryQuery = z.infer<typeof ClosingSummaryQuery>;

/**
 * What a branch's day took in, by method (halalas): its paid payments less the refunds paid back
 * that day in cash (out of the till) or by POS; `refunds` is those refunds on their own line.
 */
export const SystemTotals = z.object({
  cash: z.number(),
  pos: z.number(),
  card: z.number(),
  wire: z.number(),
  total: z.number(),
  refunds: z.number(),
});
export type SystemTotals = z.infer<typeof SystemTotals>;

export const ClosingSummary = z.object({
  branchId: z.number(),
  day: z.string(),
  totals: SystemTotals,
  /** The closing of that day, if one has been made. */
  closingId: z.number().nullable(),
});
export type ClosingSummary = z.infer<typeof ClosingSummary>;

/**
 * A closing as the closer enters it (add-closing): amounts typed in riyals, kept in halalas.
 * §5: the deposit is less than the total; cash revenue plus card revenue is the selected total.
 */
export const ClosingInput = z
  .strictObject({
    branchId: IdSchema,
    day: isoDate('INVALID_VALUE'),
    totalAmount: riyals,
    cashRevenue: riyals,
    cardRevenue: riyals,
    cashAmount: riyals,
    depositAmount: riyals,
    bankName: displayText('REQUIRED', 120),
    note: z
      .string()
      .trim()
      .max(1000, { error: 'TOO_LONG' satisfies MessageCode })
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.depositAmount >= body.totalAmount) {
      context.addIssue({
        code: 'custom',
        path: ['depositAmount'],
        message: 'DEPOSIT_NOT_BELOW_TOTAL' satisfies MessageCode,
      });
    }
    if (body.cashRevenue + body.cardRevenue !== body.totalAmount) {
      context.addIssue({
        code: 'custom',
        path: ['cardRevenue'],
        message: 'REVENUE_SPLIT_MISMATCH' satisfies MessageCode,
      });
    }
  });
export type ClosingInput = z.input<typeof ClosingInput>;
export type ClosingValues = z.output<typeof ClosingInput>;

export const DailyClosing = z.object({
  id: z.number(),
  branchId: z.number(),
  branchNameEn: z.string(),
  branchNameAr: z.string(),
  day: z.string(),
  status: z.enum(CLOSING_STATUSES),
  system: SystemTotals,
  totalAmount: z.number(),
  cashRevenue: z.number(),
  cardRevenue: z.number(),
  cashAmount: z.number(),
  depositAmount: z.number(),
  /** Counted cash minus the system's cash: negative is a shortfall, positive an excess. */
  difference: z.number(),
  bankName: z.string().nullable(),
  note: z.string().nullable(),
  hasDepositSlip: z.boolean(),
  createdByName: z.string(),
  createdByNameAr: z.string(),
  finishedByName: z.string().nullable(),
  finishedByNameAr: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  abilities: Abilities('uploadSlip', 'finish'),
});
export type DailyClosing = z.infer<typeof DailyClosing>;

export const ClosingListQuery = z.strictObject({
  /** Part of the branch's name or code. */
  search: z
    .string()
    .trim()
    .max(100, { error: 'TOO_LONG' satisfies MessageCode })
    .optional(),
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDate('INVALID_VALUE').optional(),
  to: isoDate('INVALID_VALUE').optional(),
  status: z.enum(CLOSING_STATUSES).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClosingListQuery = z.infer<typeof ClosingListQuery>;
export const ClosingCountQuery = ClosingListQuery.omit({ cursor: true, limit: true });
export type ClosingCountQuery = z.infer<typeof ClosingCountQuery>;
export const ClosingPage = listPage(DailyClosing);
export type ClosingPage = z.infer<typeof ClosingPage>;

export const ClosingSaved = z.object({
  id: z.number(),
  status: z.enum(CLOSING_STATUSES),
  message: z.string(),
});
export type ClosingSaved = z.infer<typeof ClosingSaved>;
