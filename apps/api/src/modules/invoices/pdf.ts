import { type Invoice, toRiyalString } from '@tasreeh/shared';
import { bilingualPreamble, compilePdf, jsonFile, qrSvg } from '../../lib/bilingual-pdf.ts';

/**
 * The invoice's Typst source: A4, English on the left and Arabic on the right of each label, the
 * values read from `/invoice.json` (never spliced into the markup), the QR from `/qr.svg`.
 */
export const INVOICE_TEMPLATE = `${bilingualPreamble('10pt')}
#let d = json("/invoice.json")
#both(text(size: 16pt, weight: "bold", d.titleEn), text(size: 16pt, weight: "bold", d.titleAr))
#v(4mm)
#grid(columns: (1fr, 36mm), gutter: 6mm,
  [
    #both([*Seller:* #d.sellerNameEn], [*البائع:* #d.sellerNameAr])
    #both([*VAT number:* #d.vatNumber], [*الرقم الضريبي:* #d.vatNumber])
    #both([*Number:* #d.number], [*الرقم:* #d.number])
    #both([*Issued:* #d.issuedAt], [*التاريخ:* #d.issuedAt])
    #both([*Buyer:* #d.buyerName], [*المشتري:* #d.buyerName])
    #if d.refersTo != none { both([*Credit note for invoice:* #d.refersTo], [*إشعار دائن للفاتورة:* #d.refersTo]) }
  ],
  image("/qr.svg", width: 36mm),
)
#v(6mm)
#table(columns: (1fr, auto, auto, auto, auto, auto), align: (left, right, right, right, right, right),
  [*Description / الوصف*], [*Qty / الكمية*], [*Fee / الرسوم*], [*Amana / الأمانة*], [*VAT / الضريبة*], [*Total / الإجمالي*],
  ..d.lines.map(l => (
    [#l.descriptionEn \\ #text(dir: rtl, l.descriptionAr)], l.quantity, l.subtotal, l.amanaFee, l.vat, l.total,
  )).flatten(),
)
#v(4mm)
#both([*Subtotal:* SAR #d.subtotal], [*المجموع قبل الضريبة:* #d.subtotal ر.س])
#both([*Amana fees:* SAR #d.amanaFee], [*رسوم الأمانة:* #d.amanaFee ر.س])
#both([*VAT:* SAR #d.vat], [*ضريبة القيمة المضافة:* #d.vat ر.س])
#both([*Total with VAT:* SAR #d.total], [*الإجمالي شامل الضريبة:* #d.total ر.س])
`;

/** What the template reads: amounts as riyals with two places, the time in Riyadh. */
export function invoiceData(invoice: Invoice, refersTo: string | null) {
  const credit = invoice.kind === 'credit_note';
  const riyadh = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Riyadh',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(invoice.issuedAt));
  return {
    titleEn: credit ? 'Credit note' : 'Simplified tax invoice',
    titleAr: credit ? 'إشعار دائن' : 'فاتورة ضريبية مبسطة',
    sellerNameEn: invoice.sellerNameEn,
    sellerNameAr: invoice.sellerNameAr,
    vatNumber: invoice.sellerVatNumber,
    number: invoice.number,
    issuedAt: riyadh,
    buyerName: invoice.buyerName,
    refersTo,
    lines: invoice.lines.map((line) => ({
      descriptionEn: line.descriptionEn,
      descriptionAr: line.descriptionAr,
      quantity: String(line.quantity),
      subtotal: toRiyalString(line.subtotal),
      amanaFee: toRiyalString(line.amanaFee),
      vat: toRiyalString(line.vat),
      total: toRiyalString(line.total),
    })),
    subtotal: toRiyalString(invoice.subtotal),
    amanaFee: toRiyalString(invoice.amanaFee),
    vat: toRiyalString(invoice.vat),
    total: toRiyalString(invoice.total),
  };
}

/** The bilingual A4 PDF of an invoice or credit note, with its ZATCA QR (Typst, DESIGN §5 Documents). */
export async function invoicePdf(invoice: Invoice, refersTo: string | null): Promise<Buffer> {
  return compilePdf(INVOICE_TEMPLATE, {
    '/qr.svg': await qrSvg(invoice.zatcaQr),
    '/invoice.json': jsonFile(invoiceData(invoice, refersTo)),
  });
}
