import type { MessageCode } from '../messages.ts';
import {
  CARD_BRANDS,
  INVOICE_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '../payments.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { displayText, IdSchema, isoDate, requiredText } from './common.ts';
import { isValidSaudiIban } from './corporates.ts';
import { ListCount, listPage, newestFirstPaging } from './lists.ts';

/** A wire transfer's copy: a PDF or a picture, checked by its bytes. */
export const WIRE_COPY_RULE = {
  required: true,
  maxMegabytes: 5,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

const halalas = z
  .number({ error: 'INVALID_VALUE' satisfies MessageCode })
  .int()
  .positive()
  .max(1e11);

/** An amount in halalas, as a JSON number or as a multipart text field. */
export const HalalasInput = z.union([
  halalas,
  z
    .string()
    .regex(/^\d{1,11}$/, { error: 'INVALID_VALUE' satisfies MessageCode })
    .transform(Number)
    .pipe(halalas),
]);

/** What a POS or wire payment carries besides the amount: the terminal's reference, the payer's bank details. */
export const paymentMethodDetails = {
  /** POS: the terminal's reference of the card payment. */
  posReference: requiredText('REQUIRED', 64).optional(),
  bankName: displayText('REQUIRED', 100).optional(),
  accountNumber: requiredText('REQUIRED', 34)
    .regex(/^[0-9A-Za-z]{4,34}$/, { error: 'INVALID_VALUE' satisfies MessageCode })
    .optional(),
  iban: z
    .string({ error: 'IBAN_INVALID' satisfies MessageCode })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidSaudiIban, { error: 'IBAN_INVALID' satisfies MessageCode })
    .optional(),
};

type MethodDetails = { method: string } & Partial<Record<keyof typeof paymentMethodDetails, unknown>>;

/** POS needs its reference, a wire its bank, account number and IBAN: each missing one is REQUIRED on its field. */
export function requireMethodDetails(input: MethodDetails, issues: z.RefinementCtx): void {
  const need = (field: keyof typeof paymentMethodDetails) => {
    if (input[field] === undefined) issues.addIssue({ code: 'custom', path: [field], message: 'REQUIRED' });
  };
  if (input.method === 'pos') need('posReference');
  if (input.method === 'wire') {
    need('bankName');
    need('accountNumber');
    need('iban');
  }
}

/**
 * `POST /api/payments` (issue 11 contract): a booking's payment, or a product bought by card.
 * A wire transfer comes as multipart/form-data with the same fields and the file `wireCopy`.
 */
export const PaymentInput = z
  .strictObject({
    bookingId: IdSchema.optional(),
    productId: IdSchema.optional(),
    quantity: z.coerce.number().int().min(1).max(100).optional(),
    method: z.enum(PAYMENT_METHODS, { error: 'INVALID_VALUE' satisfies MessageCode }),
    /** A corporate's partial payment: at most what remains (default: all of it). */
    amount: HalalasInput.optional(),
    ...paymentMethodDetails,
  })
  .superRefine((input, issues) => {
    if ((input.bookingId === undefined) === (input.productId === undefined)) {
      issues.addIssue({ code: 'custom', path: ['bookingId'], message: 'REQUIRED' });
    }
    if (input.productId !== undefined && input.method !== 'card') {
      issues.addIssue({ code: 'custom', path: ['method'], message: 'PAYMENT_METHOD_NOT_ALLOWED' });
    }
    requireMethodDetails(input, issues);
  });
export type PaymentInput = z.infer<typeof PaymentInput>;

export const PaymentCreated = z.object({
  id: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  invoiceId: z.number().nullable(),
  redirectUrl: z.string().nullable(),
  message: z.string().optional(),
});
export type PaymentCreated = z.infer<typeof PaymentCreated>;

export const Payment = z.object({
  id: z.number(),
  purpose: z.enum(PAYMENT_PURPOSES),
  bookingId: z.number().nullable(),
  bookingNumber: z.string().nullable(),
  productId: z.number().nullable(),
  quantity: z.number(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  payerStudentId: z.number().nullable(),
  payerCorporateId: z.number().nullable(),
  payerName: z.string(),
  /** The payer's Arabic name (may be empty: show the other). */
  payerNameAr: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  subtotal: z.number(),
  amanaFee: z.number(),
  vat: z.number(),
  currency: z.string(),
  branchId: z.number().nullable(),
  posReference: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  iban: z.string().nullable(),
  wireCopyFileId: z.string().nullable(),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  failureReason: z.string().nullable(),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** The payments policy's answer for the caller: a pending wire to decide on, a paid payment to ask to refund. */
  abilities: Abilities('confirmWire', 'rejectWire', 'refund'),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentListQuery = z.strictObject({
  from: isoDate('INVALID_VALUE').optional(),
  to: isoDate('INVALID_VALUE').optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  branchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  payerStudentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  payerCorporateId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** With `search`, the payer: a student by ID number or either name, a corporate by either name or CR. */
  ...newestFirstPaging,
});
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;
export const PaymentCountQuery = PaymentListQuery.omit({ cursor: true, limit: true });
export type PaymentCountQuery = z.infer<typeof PaymentCountQuery>;
export const PaymentPage = listPage(Payment);
export type PaymentPage = z.infer<typeof PaymentPage>;
export { ListCount as PaymentCount };

export const InvoiceLine = z.object({
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  quantity: z.number(),
  subtotal: z.number(),
  amanaFee: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Invoice = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  paymentId: z.number(),
  invoiceId: z.number().nullable(),
  issuedAt: z.string(),
  sellerNameEn: z.string(),
  sellerNameAr: z.string(),
  sellerVatNumber: z.string(),
  buyerName: z.string(),
  lines: z.array(InvoiceLine),
  subtotal: z.number(),
  amanaFee: z.number(),
  vat: z.number(),
  total: z.number(),
  zatcaQr: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

/** `POST /api/payments/:id/reject-wire`: why finance refuses a wire transfer (told to the payer). */
export const WireRejectInput = z.strictObject({ reason: requiredText('REQUIRED', 500) });
export type WireRejectInput = z.infer<typeof WireRejectInput>;

export const BookingCancelInput = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(500, { error: 'TOO_LONG' satisfies MessageCode })
    .optional(),
});
export type BookingCancelInput = z.infer<typeof BookingCancelInput>;

export const BookingCancelled = z.object({
  id: z.number(),
  status: z.literal('Cancelled'),
  /**
   * What the cancellation gave back (`amount`, halalas, into the balance) and what refunds had
   * already given back of its payments before it (`givenBackBefore`): only the rest is credited.
   */
  refund: z.object({ kind: z.enum(['none', 'balance']), amount: z.number(), givenBackBefore: z.number() }),
  creditNoteId: z.number().nullable(),
  message: z.string(),
});
export type BookingCancelled = z.infer<typeof BookingCancelled>;

export const Balance = z.object({ balance: z.number() });

/** The checkout's order summary of a booking (halalas). */
export const CheckoutSummary = z.object({
  bookingId: z.number(),
  bookingNumber: z.string(),
  status: z.string(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  holdExpiresAt: z.string().nullable(),
  subtotal: z.number(),
  amanaFee: z.number(),
  vat: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  remaining: z.number(),
  balance: z.number(),
  payable: z.boolean(),
  /** A corporate's partial booking: any amount up to what remains may be paid now. */
  partialAllowed: z.boolean(),
});
export type CheckoutSummary = z.infer<typeof CheckoutSummary>;
