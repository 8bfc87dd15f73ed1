import type { Invoice, InvoiceLine } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { invoices, payments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { invoicePdf } from './pdf.ts';
import { invoicesPolicy } from './policy.ts';

/** An invoice or credit note, for its payer, a teller of its branch or finance; 404 for anyone else. */
async function findVisible(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({ invoice: invoices, payment: payments })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.id, id));
  if (!row || !invoicesPolicy.may(actorOf(ctx), 'read', row.payment)) throw notFound();
  return row.invoice;
}

function toInvoice(row: typeof invoices.$inferSelect): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    paymentId: row.paymentId,
    invoiceId: row.invoiceId,
    issuedAt: row.issuedAt.toISOString(),
    sellerNameEn: row.sellerNameEn,
    sellerNameAr: row.sellerNameAr,
    sellerVatNumber: row.sellerVatNumber,
    buyerName: row.buyerName,
    lines: row.lines as InvoiceLine[],
    subtotal: row.subtotal,
    amanaFee: row.amanaFee,
    vat: row.vat,
    total: row.total,
    zatcaQr: row.zatcaQr,
  };
}

export async function getInvoice(ctx: Ctx, id: number): Promise<Invoice> {
  return toInvoice(await findVisible(ctx, id));
}

export async function getInvoicePdf(ctx: Ctx, id: number): Promise<{ number: string; pdf: Buffer }> {
  const invoice = toInvoice(await findVisible(ctx, id));
  let refersTo: string | null = null;
  if (invoice.invoiceId !== null) {
    const [original] = await ctx.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoice.invoiceId));
    refersTo = original?.number ?? null;
  }
  return { number: invoice.number, pdf: await invoicePdf(invoice, refersTo) };
}
