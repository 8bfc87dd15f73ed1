import { encodeZatcaQr, type InvoiceKind, type InvoiceLine, toRiyalString } from '@tasreeh/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { nextInSeries } from '../../lib/document-series.ts';
import { postCreditNote } from '../ledger/index.ts';

const SERIES: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** An ISO instant to the second, as the ZATCA QR writes it. */
export function zatcaTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Issues an invoice or a credit note inside the caller's transaction (the payment's, or the
 * settlement step's: money/give-back.ts is the one caller for credit notes): its number, the seller from the configuration, the ZATCA QR (seller's Arabic
 * name, VAT number, time, total and VAT); a credit note is posted to the journal. Returns its id.
 */
export async function issueDocument(
  db: Db,
  seller: Config['seller'],
  document: {
    kind: InvoiceKind;
    paymentId: number;
    invoiceId?: number | null;
    buyerName: string;
    lines: InvoiceLine[];
    subtotal: number;
    amanaFee: number;
    vat: number;
    total: number;
  },
): Promise<{ id: number; number: string }> {
  const number = await nextInSeries(db, SERIES[document.kind]);
  // To the second, as the QR says it.
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const zatcaQr = encodeZatcaQr({
    sellerName: seller.nameAr,
    vatNumber: seller.vatNumber,
    timestamp: zatcaTimestamp(issuedAt),
    total: toRiyalString(document.total),
    vatTotal: toRiyalString(document.vat),
  });
  const [row] = await db
    .insert(invoices)
    .values({
      kind: document.kind,
      number,
      paymentId: document.paymentId,
      invoiceId: document.invoiceId ?? null,
      issuedAt,
      sellerNameEn: seller.nameEn,
      sellerNameAr: seller.nameAr,
      sellerVatNumber: seller.vatNumber,
      buyerName: document.buyerName,
      lines: document.lines,
      subtotal: document.subtotal,
      amanaFee: document.amanaFee,
      vat: document.vat,
      total: document.total,
      zatcaQr,
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error('invoice not inserted');
  if (document.kind === 'credit_note') await postCreditNote(db, row.id);
  return { id: row.id, number };
}
