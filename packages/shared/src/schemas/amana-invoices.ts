import { AMANA_INVOICE_STATUSES } from '../finance.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { displayText, IdSchema, isoDate, requiredText } from './common.ts';
import { ListCount, listPage } from './lists.ts';

const branchIdOf = (code: MessageCode) =>
  z.unknown().transform((value, context): number => {
    const parsed = IdSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: code });
    return z.NEVER;
  });

/** amana-invoice (create_10 or create_18): the Amanah's share of a branch's paid payments in a period. */
export const AmanaInvoiceInput = z
  .strictObject({
    branchId: branchIdOf('SELECT_BRANCH'),
    /** Riyadh days, inclusive: a payment belongs to the day it was paid. */
    periodFrom: isoDate('INVALID_VALUE'),
    periodTo: isoDate('INVALID_VALUE'),
  })
  .refine((input) => input.periodFrom <= input.periodTo, {
    error: 'EXAM_STATS_RANGE' satisfies MessageCode,
    path: ['periodTo'],
  });
export type AmanaInvoiceInput = z.infer<typeof AmanaInvoiceInput>;

/** One payment's Amanah share on an invoice: its payer (a student's ID or a corporate's CR) and its batch. */
export const AmanaInvoiceLine = z.object({
  id: z.number(),
  paymentId: z.number(),
  paidAt: z.string().nullable(),
  studentId: z.number().nullable(),
  corporateId: z.number().nullable(),
  payerNameEn: z.string(),
  payerNameAr: z.string(),
  /** What the verification screen shows and sends back: the student's ID number or the corporate's CR. */
  reference: z.string(),
  amount: z.number(),
  batchNumber: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type AmanaInvoiceLine = z.infer<typeof AmanaInvoiceLine>;

export const AmanaInvoice = z.object({
  id: z.number(),
  number: z.string(),
  branchId: z.number(),
  branchNameEn: z.string(),
  branchNameAr: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  amount: z.number(),
  status: z.enum(AMANA_INVOICE_STATUSES),
  lineCount: z.number(),
  verifiedCount: z.number(),
  issuedAt: z.string(),
  abilities: Abilities('verify'),
});
export type AmanaInvoice = z.infer<typeof AmanaInvoice>;

export const AmanaInvoiceDetail = AmanaInvoice.extend({ lines: z.array(AmanaInvoiceLine) });
export type AmanaInvoiceDetail = z.infer<typeof AmanaInvoiceDetail>;

export const AmanaInvoiceIssued = AmanaInvoice.extend({ message: z.string() });
export type AmanaInvoiceIssued = z.infer<typeof AmanaInvoiceIssued>;

/** The list of Amanah invoices, newest first: by number search, branch, a day inside the period, status. */
export const AmanaInvoiceListQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Invoices whose period ends on or after `from` and starts on or before `to`. */
  from: isoDate('INVALID_VALUE').optional(),
  to: isoDate('INVALID_VALUE').optional(),
  status: z.enum(AMANA_INVOICE_STATUSES).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AmanaInvoiceListQuery = z.infer<typeof AmanaInvoiceListQuery>;
export const AmanaInvoiceCountQuery = AmanaInvoiceListQuery.omit({ cursor: true, limit: true });
export type AmanaInvoiceCountQuery = z.infer<typeof AmanaInvoiceCountQuery>;
export const AmanaInvoicePage = listPage(AmanaInvoice);
export type AmanaInvoicePage = z.infer<typeof AmanaInvoicePage>;
export { ListCount as AmanaInvoiceCount };

/**
 * amana-invoice-verification (edit_18): a batch number, once, and the lines it verifies — each with
 * the student ID or corporate CR the screen showed, which must match the line's payer.
 */
export const AmanaVerifyInput = z.strictObject({
  batchNumber: displayText('ENTER_BATCH_NUMBER', 50),
  lines: z
    .array(
      z.strictObject({
        lineId: IdSchema,
        reference: requiredText('AMANA_REFERENCE_MISMATCH', 50),
      }),
      { error: 'SELECT_STUDENTS' satisfies MessageCode },
    )
    .min(1, { error: 'SELECT_STUDENTS' satisfies MessageCode })
    .max(1000),
});
export type AmanaVerifyInput = z.infer<typeof AmanaVerifyInput>;

export const AmanaVerified = z.object({
  batchNumber: z.string(),
  verifiedLines: z.number(),
  status: z.enum(AMANA_INVOICE_STATUSES),
  message: z.string(),
});
export type AmanaVerified = z.infer<typeof AmanaVerified>;
