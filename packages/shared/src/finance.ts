/**
 * The finance back office (issue 13): refunds with approval, daily cash closing, the Amanah's
 * invoices and the double-entry journal. Amounts are halalas everywhere.
 */

/** A refund request: waits for a second person with the right, who approves or rejects it. */
export const REFUND_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How an approved refund pays back: by the original method (a card through its gateway), or into the payer's balance. */
export const REFUND_PAYOUTS = ['original', 'balance'] as const;
export type RefundPayout = (typeof REFUND_PAYOUTS)[number];

/**
 * A card refund's way out after its approval commits (the payout queue): `none` where no gateway
 * is called (cash, POS, wire, balance), `pending` until the gateway has it, then `sent` or
 * `failed` (given up after a few attempts; staff with edit on finance may retry it).
 */
export const REFUND_PAYOUT_STATUSES = ['none', 'pending', 'sent', 'failed'] as const;
export type RefundPayoutStatus = (typeof REFUND_PAYOUT_STATUSES)[number];

/** A branch's day: open while takings come in, `uploaded` once the deposit slip is in, `finished` (locked). */
export const CLOSING_STATUSES = ['open', 'uploaded', 'finished'] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];

/** An Amanah invoice: issued for a period and branch, verified batch by batch by the Amanah user. */
export const AMANA_INVOICE_STATUSES = ['issued', 'partly_verified', 'verified'] as const;
export type AmanaInvoiceStatus = (typeof AMANA_INVOICE_STATUSES)[number];

/**
 * What a ledger account (ledger-setup) is used for when the system posts the journal: each role
 * names at most one account. Payments debit the till (cash), the card clearing account (card, POS),
 * the bank (wire) or the payers' balances (balance), and credit revenue, VAT and the Amanah's share
 * (an advance credits the payers' balances); a closing moves the deposit from the till to the bank,
 * its shortfall or excess to cash differences.
 */
export const LEDGER_ROLES = [
  'cash',
  'bank',
  'card_clearing',
  'customer_balances',
  'revenue',
  'vat_payable',
  'amana_payable',
  'refunds_payable',
  'cash_differences',
] as const;
export type LedgerRole = (typeof LEDGER_ROLES)[number];

/** What a journal entry records; with its source id, one entry per event (an advance is a payment). */
export const JOURNAL_SOURCES = ['payment', 'refund', 'credit_note', 'closing', 'amana_invoice'] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];
