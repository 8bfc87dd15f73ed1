/**
 * Payments, balances and invoices (spec §3 Payment; DESIGN §5 Cards, Balances, Invoices).
 * Amounts are integer halalas everywhere. Without Zod.
 */
export const PAYMENT_METHODS = ['cash', 'pos', 'card', 'wire', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** `pending`: a card payment awaiting the gateway, a wire awaiting finance. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment pays for: a booking, a product, or an advance into the payer's balance. */
export const PAYMENT_PURPOSES = ['booking', 'product', 'advance'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const CARD_BRANDS = ['visa', 'mastercard', 'mada'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A balance entry: credits (advance, refund, credit) are positive, a payment from it negative. */
export const WALLET_ENTRY_KINDS = ['advance', 'refund', 'credit', 'payment'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
