import {
  CARD_BRANDS,
  INVOICE_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  WALLET_ENTRY_KINDS,
} from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { branches } from './branches.ts';
import { timestamps } from './common.ts';
import { products } from './products.ts';
import { corporates, files, students, users } from './users.ts';

/** Whose money: exactly one of a student and a corporate. */
const onePayer = (student: AnyPgColumn, corporate: AnyPgColumn) =>
  sql`(${student} is null) <> (${corporate} is null)`;

/**
 * A payment (spec §3 Payment; DESIGN §5 Cards): for a booking, a product or an advance, by one
 * payer, by one method. Halalas. A card payment is `pending` until the server confirmed it with
 * the gateway; a wire until finance confirms it. Paid is final: a refund is a new row elsewhere.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id),
    productId: integer('product_id').references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
    payerStudentId: integer('payer_student_id').references(() => students.id),
    payerCorporateId: integer('payer_corporate_id').references(() => corporates.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** Halalas: what is paid, and the parts of it (before VAT, Amana's share, VAT). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    amanaFee: bigint('amana_fee', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('SAR'),
    /** The branch where it was taken (the counter's, or the booking's), for the day's closing. */
    branchId: integer('branch_id').references(() => branches.id),
    /** POS terminal reference. */
    posReference: text('pos_reference'),
    /** Wire transfer: the payer's bank, account number, IBAN and the transfer's copy. */
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    iban: text('iban'),
    wireCopyFileId: uuid('wire_copy_file_id').references(() => files.id),
    /** Card: which gateway, its payment id, the card's brand, the gateway's last answer. */
    gateway: text('gateway'),
    gatewayPaymentId: text('gateway_payment_id'),
    cardBrand: text('card_brand', { enum: CARD_BRANDS }),
    failureReason: text('failure_reason'),
    takenByUserId: integer('taken_by_user_id').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payments_gateway_payment_key').on(table.gateway, table.gatewayPaymentId),
    index('payments_booking_idx').on(table.bookingId),
    index('payments_created_idx').on(table.createdAt, table.id),
    index('payments_student_idx').on(table.payerStudentId, table.createdAt),
    index('payments_corporate_idx').on(table.payerCorporateId, table.createdAt),
    index('payments_branch_paid_idx').on(table.branchId, table.paidAt),
    check('payments_payer_check', onePayer(table.payerStudentId, table.payerCorporateId)),
    check('payments_amount_check', sql`${table.amount} > 0 and ${table.quantity} > 0`),
    check(
      'payments_purpose_check',
      sql`(${table.purpose} = 'booking') = (${table.bookingId} is not null) and (${table.purpose} = 'product') = (${table.productId} is not null)`,
    ),
  ],
);

/**
 * A payer's balance (DESIGN §5 Balances): an append-only ledger, never a number edited in place.
 * Credits are positive, a payment from the balance negative; the balance is the sum, read under a
 * lock of the payer's row when spent.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').references(() => students.id),
    corporateId: integer('corporate_id').references(() => corporates.id),
    kind: text('kind', { enum: WALLET_ENTRY_KINDS }).notNull(),
    /** Halalas, signed. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    note: text('note'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_entries_student_idx').on(table.studentId, table.id),
    index('wallet_entries_corporate_idx').on(table.corporateId, table.id),
    check('wallet_entries_owner_check', onePayer(table.studentId, table.corporateId)),
    check('wallet_entries_amount_check', sql`${table.amount} <> 0`),
  ],
);

/**
 * The next number of a gap-free series (invoices, credit notes): the row is locked inside the
 * transaction that issues the document, so a rolled-back payment leaves no hole.
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  nextValue: bigint('next_value', { mode: 'number' }).notNull().default(1),
});

/**
 * An invoice or a credit note (DESIGN §5 Invoices): numbered without gaps, immutable (a trigger
 * refuses updates and deletes, migration 0019), with the ZATCA simplified-invoice QR (Base64
 * TLV). A credit note refers to the invoice it reverses; a payment's credit notes never add up to
 * more than it paid (a trigger, migration 0028: the settlement step's backstop). Halalas.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /** `INV-000001`, `CN-000001`: the series' prefix and its gap-free sequence. */
    number: text('number').notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull(),
    sellerNameEn: text('seller_name_en').notNull(),
    sellerNameAr: text('seller_name_ar').notNull(),
    sellerVatNumber: text('seller_vat_number').notNull(),
    buyerName: text('buyer_name').notNull(),
    /** What was sold, each line with its description in both languages and its amounts. */
    lines: jsonb('lines').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    amanaFee: bigint('amana_fee', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    zatcaQr: text('zatca_qr').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_payment_kind_key').on(table.paymentId).where(sql`${table.kind} = 'invoice'`),
    /** A payment's credit notes, summed by the settlement step and by the trigger of migration 0028. */
    index('invoices_credit_notes_payment_idx').on(table.paymentId).where(sql`${table.kind} = 'credit_note'`),
    index('invoices_invoice_idx').on(table.invoiceId),
  ],
);
