import {
  AMANA_INVOICE_STATUSES,
  CLOSING_STATUSES,
  JOURNAL_SOURCES,
  REFUND_PAYOUT_STATUSES,
  REFUND_PAYOUTS,
  REFUND_STATUSES,
} from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { at, timestamps } from './common.ts';
import { ledgerAccounts } from './fees.ts';
import { invoices, payments } from './payments.ts';
import { corporates, files, students, users } from './users.ts';

const halalas = (name: string) => bigint(name, { mode: 'number' });

/**
 * A refund request (refund-payment, refund-corporate): the payment, the amount (at most what is
 * left to refund of it) and the reason; another person with the right approves or rejects it (the
 * requester never decides their own). Approval issues the credit note and pays back by the
 * original method (a card through its gateway) or into the payer's balance.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: halalas('amount').notNull(),
    reason: text('reason').notNull(),
    payout: text('payout', { enum: REFUND_PAYOUTS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    requestedByUserId: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
    /** The credit note an approval issued. */
    creditNoteId: integer('credit_note_id').references(() => invoices.id),
    /** The gateway's reference of a card refund, once sent. */
    gatewayRefundId: text('gateway_refund_id'),
    /**
     * The payout job (modules/refunds/payouts.ts): a card refund leaves through the gateway only
     * after the approval has committed; `claimed_at` is the lease of the job sending it (taken again
     * after a few minutes, for a crashed process), `attempts` and `error` the refused tries.
     */
    payoutStatus: text('payout_status', { enum: REFUND_PAYOUT_STATUSES }).notNull().default('none'),
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    payoutError: text('payout_error'),
    payoutClaimedAt: at('payout_claimed_at'),
    payoutSentAt: at('payout_sent_at'),
    ...timestamps,
  },
  (table) => [
    index('refund_requests_payout_idx')
      .on(table.payoutStatus, table.id)
      .where(sql`${table.payoutStatus} = 'pending'`),
    check(
      'refund_requests_payout_check',
      sql`${table.payoutStatus} = 'none' or ${table.status} = 'approved'`,
    ),
    index('refund_requests_status_created_idx').on(table.status, table.createdAt, table.id),
    index('refund_requests_payment_idx').on(table.paymentId),
    check('refund_requests_amount_check', sql`${table.amount} > 0`),
    check(
      'refund_requests_four_eyes_check',
      sql`${table.decidedByUserId} is null or ${table.decidedByUserId} <> ${table.requestedByUserId}`,
    ),
    check('refund_requests_decided_check', sql`(${table.status} = 'pending') = (${table.decidedAt} is null)`),
  ],
);

/**
 * A branch's day of takings (daily-closing): the system's totals by method from the payments, the
 * closer's cash and deposit, the deposit slip; once finished the day is locked — a payment dated in
 * it is refused (a trigger on payments, migration 0024) and a correction is an entry on a later day.
 */
export const dailyClosings = pgTable(
  'daily_closings',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** The Riyadh calendar day closed. */
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: CLOSING_STATUSES }).notNull().default('open'),
    /** What the payments of the day add up to, by method, when the closing was made (halalas). */
    systemCash: halalas('system_cash').notNull().default(0),
    systemCard: halalas('system_card').notNull().default(0),
    systemPos: halalas('system_pos').notNull().default(0),
    systemWire: halalas('system_wire').notNull().default(0),
    /** The selected total, and the closer's split of it into cash and card revenue. */
    totalAmount: halalas('total_amount').notNull().default(0),
    cashRevenue: halalas('cash_revenue').notNull().default(0),
    cardRevenue: halalas('card_revenue').notNull().default(0),
    /** The cash counted in the till, and what went to the bank. */
    cashAmount: halalas('cash_amount').notNull().default(0),
    depositAmount: halalas('deposit_amount').notNull().default(0),
    bankName: text('bank_name'),
    note: text('note'),
    depositSlipFileId: uuid('deposit_slip_file_id').references(() => files.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    finishedByUserId: integer('finished_by_user_id').references(() => users.id),
    finishedAt: at('finished_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('daily_closings_branch_day_key').on(table.branchId, table.day),
    index('daily_closings_day_idx').on(table.day, table.id),
    check(
      'daily_closings_amounts_check',
      sql`${table.cashAmount} >= 0 and ${table.depositAmount} >= 0 and ${table.totalAmount} >= 0 and ${table.cashRevenue} >= 0 and ${table.cardRevenue} >= 0`,
    ),
    check(
      'daily_closings_finished_check',
      sql`(${table.status} = 'finished') = (${table.finishedAt} is not null)`,
    ),
  ],
);

/** A batch of the Amanah user's verification (amana-invoice-verification): its number, once. */
export const amanaBatches = pgTable('amana_batches', {
  id: serial('id').primaryKey(),
  batchNumber: text('batch_number').notNull().unique(),
  verifiedByUserId: integer('verified_by_user_id')
    .notNull()
    .references(() => users.id),
  verifiedAt: at('verified_at').notNull().defaultNow(),
});

/** The Amanah's fee share collected inside the payments of a branch and period, invoiced to it. */
export const amanaInvoices = pgTable(
  'amana_invoices',
  {
    id: serial('id').primaryKey(),
    /** `AMN-000001`: its own gap-free series. */
    number: text('number').notNull().unique(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    amount: halalas('amount').notNull(),
    status: text('status', { enum: AMANA_INVOICE_STATUSES }).notNull().default('issued'),
    issuedAt: at('issued_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (table) => [
    index('amana_invoices_branch_period_idx').on(table.branchId, table.periodFrom),
    check('amana_invoices_period_check', sql`${table.periodFrom} <= ${table.periodTo}`),
  ],
);

/** One payment's Amanah share on an invoice (a payment is invoiced once), and the batch that verified it. */
export const amanaInvoiceLines = pgTable(
  'amana_invoice_lines',
  {
    id: serial('id').primaryKey(),
    amanaInvoiceId: integer('amana_invoice_id')
      .notNull()
      .references(() => amanaInvoices.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    studentId: integer('student_id').references(() => students.id),
    corporateId: integer('corporate_id').references(() => corporates.id),
    amount: halalas('amount').notNull(),
    batchId: integer('batch_id').references(() => amanaBatches.id),
  },
  (table) => [
    index('amana_invoice_lines_invoice_idx').on(table.amanaInvoiceId),
    check('amana_invoice_lines_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The double-entry journal: one entry per event (a payment, a refund, a credit note, a closing, an
 * Amanah invoice), its lines on the accounts of ledger-setup. Every entry balances: a deferred
 * trigger (migration 0024) refuses a commit whose entry's debits and credits differ.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    /** The Riyadh day the entry belongs to. */
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: JOURNAL_SOURCES }).notNull(),
    sourceId: integer('source_id').notNull(),
    branchId: integer('branch_id').references(() => branches.id),
    memo: text('memo').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journal_entries_source_key').on(table.source, table.sourceId),
    index('journal_entries_day_idx').on(table.day, table.id),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    ledgerAccountId: integer('ledger_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    debit: halalas('debit').notNull().default(0),
    credit: halalas('credit').notNull().default(0),
  },
  (table) => [
    index('journal_lines_entry_idx').on(table.entryId),
    index('journal_lines_account_idx').on(table.ledgerAccountId),
    check(
      'journal_lines_side_check',
      sql`${table.debit} >= 0 and ${table.credit} >= 0 and (${table.debit} = 0) <> (${table.credit} = 0)`,
    ),
  ],
);
