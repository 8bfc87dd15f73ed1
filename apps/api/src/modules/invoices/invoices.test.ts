import { encodeZatcaQr, type Invoice } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { INVOICE_TEMPLATE, invoiceData, invoicePdf } from './pdf.ts';

const INVOICE: Invoice = {
  id: 1,
  number: 'INV-000042',
  kind: 'invoice',
  paymentId: 7,
  invoiceId: null,
  issuedAt: '2026-11-22T10:15:00.000Z',
  sellerNameEn: 'Tasreeh Training Centre',
  sellerNameAr: 'مركز تصريح للتدريب',
  sellerVatNumber: '300000000000003',
  buyerName: 'Mohammed "Rahman" #1 $x$',
  lines: [
    {
      descriptionEn: 'Food safety — booking BK-0000001',
      descriptionAr: 'سلامة الغذاء — حجز BK-0000001',
      quantity: 1,
      subtotal: 20_000,
      amanaFee: 1_000,
      vat: 3_150,
      total: 24_150,
    },
  ],
  subtotal: 20_000,
  amanaFee: 1_000,
  vat: 3_150,
  total: 24_150,
  zatcaQr: encodeZatcaQr({
    sellerName: 'مركز تصريح للتدريب',
    vatNumber: '300000000000003',
    timestamp: '2026-11-22T10:15:00Z',
    total: '241.50',
    vatTotal: '31.50',
  }),
};

describe('invoice PDF (Typst)', () => {
  it('reads every value from data, never from markup, with amounts in riyals and the time in Riyadh', () => {
    const data = invoiceData(INVOICE, null);
    expect(data).toMatchObject({
      titleEn: 'Simplified tax invoice',
      titleAr: 'فاتورة ضريبية مبسطة',
      sellerNameAr: 'مركز تصريح للتدريب',
      vatNumber: '300000000000003',
      number: 'INV-000042',
      total: '241.50',
      vat: '31.50',
      amanaFee: '10.00',
      subtotal: '200.00',
      issuedAt: '22 Nov 2026, 13:15',
    });
    // A buyer's name with Typst markup characters stays data.
    expect(INVOICE_TEMPLATE).not.toContain('Rahman');
    expect(invoiceData({ ...INVOICE, kind: 'credit_note', invoiceId: 1 }, 'INV-000041')).toMatchObject({
      titleEn: 'Credit note',
      titleAr: 'إشعار دائن',
      refersTo: 'INV-000041',
    });
  });

  it('makes an A4 PDF with the shipped Arabic and Latin fonts embedded', async () => {
    const pdf = await invoicePdf(INVOICE, null);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\+NotoNaskhArabic-(Regular|Bold)/);
    expect(text).toMatch(/\+NotoSans-(Regular|Bold)/);
    // A4: 595.28 × 841.89 points.
    expect(text).toMatch(/MediaBox\s*\[\s*0\s+0\s+595\.\d+\s+841\.\d+\s*\]/);
  });
});
