import { type AmanaInvoiceDetail, centreDay, toRiyalString } from '@tasreeh/shared';
import type { Config } from '../../config.ts';
import { bilingualPreamble, compilePdf, hijriOf, jsonFile } from '../../lib/bilingual-pdf.ts';

/**
 * The Amanah invoice's Typst source: A4, English on the left and Arabic on the right of each label,
 * every value read from `/amana-invoice.json` (never spliced into the markup).
 */
const AMANA_INVOICE_TEMPLATE = `${bilingualPreamble('10pt')}
#let d = json("/amana-invoice.json")
#both(text(size: 16pt, weight: "bold", "Amanah fee invoice"), text(size: 16pt, weight: "bold", "فاتورة رسوم الأمانة"))
#v(4mm)
#both([*Seller:* #d.sellerNameEn], [*البائع:* #d.sellerNameAr])
#both([*VAT number:* #d.vatNumber], [*الرقم الضريبي:* #figures(d.vatNumber)])
#both([*Address:* #d.addressEn], [*العنوان:* #d.addressAr])
#both([*Buyer:* The Amanah (municipality)], [*المشتري:* الأمانة])
#v(3mm)
#both([*Number:* #d.number], [*الرقم:* #figures(d.number)])
#both([*Branch:* #d.branchEn], [*الفرع:* #d.branchAr])
#both([*Period:* #d.periodFrom to #d.periodTo], [*الفترة:* من #figures(d.periodFrom) إلى #figures(d.periodTo)])
#both([*Issued on:* #d.issuedOn (#d.issuedOnHijri AH)], [*تاريخ الإصدار:* #figures(d.issuedOn) — #figures(d.issuedOnHijri) هـ])
#v(6mm)
#let head(en, ar) = [*#en* \\ #text(dir: rtl, strong(ar))]
#table(columns: (9mm, 1fr, 24mm, 24mm, 20mm, 38mm), align: (right, left, left, left, right, left),
  head("No.", "م"), head("Payer", "الدافع"), head("ID or CR", "الهوية أو السجل"),
  head("Payment invoice", "فاتورة الدفع"), head("Amanah share", "حصة الأمانة"), head("Verified", "التحقق"),
  ..d.lines.map(l => (
    l.index,
    [#l.kindEn: #l.payerEn \\ #text(dir: rtl, [#l.kindAr: #l.payerAr])],
    l.reference,
    l.invoiceNumber,
    l.amount,
    if l.batch != none { [Yes, batch #box(l.batch) \\ #text(dir: rtl, [نعم، الدفعة #figures(l.batch)])] } else { [No \\ #text(dir: rtl, "لا")] },
  )).flatten(),
)
#v(4mm)
#both([*Total Amanah share:* SAR #d.total], [*إجمالي حصة الأمانة:* #figures(d.total) ر.س])
#both([*Verified lines:* #d.verifiedCount of #d.lineCount], [*البنود المتحقق منها:* #figures(d.verifiedCount) من #figures(d.lineCount)])
`;

/** The seller the Amanah invoice names: the configuration's. */
type Seller = Config['seller'];

/**
 * What the template reads: the seller, the Amanah invoice with its branch, period and issue day (in
 * Riyadh, Gregorian and Hijri), and each line's payer (student or corporate, its ID or CR), the
 * number of the tax invoice of its payment (`—` when none), its share in riyals and its batch.
 */
function amanaInvoiceData(
  invoice: AmanaInvoiceDetail,
  paymentInvoiceNumbers: ReadonlyMap<number, string>,
  seller: Seller,
) {
  const issuedOn = centreDay(new Date(invoice.issuedAt));
  return {
    sellerNameEn: seller.nameEn,
    sellerNameAr: seller.nameAr,
    vatNumber: seller.vatNumber,
    addressEn: seller.addressEn,
    addressAr: seller.addressAr,
    number: invoice.number,
    branchEn: invoice.branchNameEn,
    branchAr: invoice.branchNameAr,
    periodFrom: invoice.periodFrom,
    periodTo: invoice.periodTo,
    issuedOn,
    issuedOnHijri: hijriOf(issuedOn),
    lines: invoice.lines.map((line, index) => ({
      index: String(index + 1),
      kindEn: line.studentId !== null ? 'Student' : 'Corporate',
      kindAr: line.studentId !== null ? 'طالب' : 'منشأة',
      payerEn: line.payerNameEn,
      payerAr: line.payerNameAr,
      reference: line.reference,
      invoiceNumber: paymentInvoiceNumbers.get(line.paymentId) ?? '—',
      amount: toRiyalString(line.amount),
      batch: line.batchNumber,
    })),
    total: toRiyalString(invoice.amount),
    lineCount: String(invoice.lineCount),
    verifiedCount: String(invoice.verifiedCount),
  };
}

/** The bilingual A4 PDF of an Amanah invoice (Typst, DESIGN §5 Documents). */
export function amanaInvoicePdf(
  invoice: AmanaInvoiceDetail,
  paymentInvoiceNumbers: ReadonlyMap<number, string>,
  seller: Seller,
): Buffer {
  return compilePdf(AMANA_INVOICE_TEMPLATE, {
    '/amana-invoice.json': jsonFile(amanaInvoiceData(invoice, paymentInvoiceNumbers, seller)),
  });
}
