import { randomUUID } from 'node:crypto';
import { toRiyalString } from '@tasreeh/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SELLER } from '../../config.ts';
import { amanaInvoiceLines, amanaInvoices, invoices } from '../../db/schema/index.ts';
import { DEMO_CORPORATE_CR, DEMO_STUDENT_ID_NUMBER } from '../../seed/demo-users.ts';
import { demoCorporateId, demoStudentId } from '../../test/paid-bookings.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newInvoice } from './fixtures.ts';
import { amanaInvoicePdf } from './pdf.ts';

let t: TestApp;
let tokens: { cfo: string; amanah: string };
let teller: string;
let studentId: number;
let corporateId: number;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = { cfo: (await t.loginAs('CFO')).token, amanah: (await t.loginAs('Amanah')).token };
  teller = (await t.loginAs('Teller')).token;
  studentId = await demoStudentId(t);
  corporateId = await demoCorporateId(t);
});
afterAll(async () => {
  await t.close();
});

const pdfOf = (id: number, token: string | undefined) =>
  t.call({ method: 'GET', url: `/api/amana-invoices/${id}/pdf`, token });

describe('GET /api/amana-invoices/:id/pdf', () => {
  it("prints the demo invoice: seller, the Amanah as buyer, number, period, lines with their payment's invoice, total", async () => {
    const [demo] = await t.db.select().from(amanaInvoices).orderBy(asc(amanaInvoices.id)).limit(1);
    if (!demo) throw new Error('no demo Amanah invoice');
    const response = await pdfOf(demo.id, tokens.amanah);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${demo.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/MediaBox\s*\[\s*0\s+0\s+595\.\d+\s+841\.\d+\s*\]/);

    const { text, glyphsPerChar } = readPdfText(pdf);
    for (const expected of [
      demo.number,
      toRiyalString(demo.amount),
      demo.periodFrom,
      demo.periodTo,
      DEVELOPMENT_SELLER.nameEn,
      DEVELOPMENT_SELLER.vatNumber,
      DEVELOPMENT_SELLER.addressEn,
      'Amanah fee invoice',
    ]) {
      expect(text).toContain(expected);
    }
    // The Arabic half is drawn with the Arabic font, its letters shaped (one letter, several forms).
    const arabicForms = new Map<string, number>();
    for (const [font, counts] of glyphsPerChar) {
      if (!font.includes('NotoNaskhArabic')) continue;
      for (const [char, n] of counts) arabicForms.set(char, (arabicForms.get(char) ?? 0) + n);
    }
    for (const letter of 'فاتورة رسوم الأمانة'.replaceAll(' ', '')) {
      expect(arabicForms.get(letter), letter).toBeGreaterThan(0);
    }
    // Each demo line came from a paid booking with its tax invoice: that invoice's number is printed.
    const [line] = await t.db
      .select({ number: invoices.number })
      .from(amanaInvoiceLines)
      .innerJoin(
        invoices,
        and(eq(invoices.paymentId, amanaInvoiceLines.paymentId), eq(invoices.kind, 'invoice')),
      )
      .where(eq(amanaInvoiceLines.amanaInvoiceId, demo.id))
      .limit(1);
    expect(line?.number).toMatch(/^INV-/);
    expect(text).toContain(line?.number);
  });

  it('prints each line as student or corporate with its ID or CR, and the batch that verified it', async () => {
    const invoice = await newInvoice(t, tokens, [{ student: studentId }, { corporate: corporateId }]);
    const [studentLine] = invoice.lines;
    const batch = `B-${randomUUID().slice(0, 8)}`;
    const verified = await t.call({
      method: 'POST',
      url: `/api/amana-invoices/${invoice.id}/verify`,
      token: tokens.amanah,
      payload: {
        batchNumber: batch,
        lines: [{ lineId: studentLine?.id, reference: studentLine?.reference }],
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(verified.statusCode).toBe(200);

    const response = await pdfOf(invoice.id, tokens.cfo);
    expect(response.statusCode).toBe(200);
    const { text } = readPdfText(response.rawPayload);
    expect(text).toMatch(/Student:\s+Mohammed\s+Rahman/);
    expect(text).toContain(DEMO_STUDENT_ID_NUMBER);
    expect(text).toContain('Corporate:');
    expect(text).toContain(DEMO_CORPORATE_CR);
    expect(text.replace(/\s+/g, '')).toContain(`Yes,batch${batch}`);
    expect(text).toContain('No');
    expect(text).toContain(toRiyalString(invoice.amount));
  });

  it("answers 404 for another branch's invoice or none, 403 without read_10 or read_18, 401 without a session", async () => {
    const invoice = await newInvoice(t, tokens, [{ student: studentId }]);
    // The teller (read_10) sees its own branch only; the invoice is of a fresh one.
    expect((await pdfOf(invoice.id, teller)).statusCode).toBe(404);
    expect((await pdfOf(2_000_000_000, tokens.cfo)).statusCode).toBe(404);
    const student = (await t.loginAs('student')).token;
    expect((await pdfOf(invoice.id, student)).statusCode).toBe(403);
    expect((await pdfOf(invoice.id, undefined)).statusCode).toBe(401);
  });

  it("keeps a payer's name with Typst markup characters as text, never as markup", () => {
    const invoice = {
      id: 1,
      number: 'AMN-000042',
      branchId: 1,
      branchNameEn: 'Riyadh #1',
      branchNameAr: 'الرياض',
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      amount: 1_000,
      status: 'issued' as const,
      lineCount: 1,
      verifiedCount: 0,
      issuedAt: '2026-11-26T10:00:00.000Z',
      abilities: { verify: false },
      lines: [
        {
          id: 1,
          paymentId: 7,
          paidAt: '2026-11-20T10:00:00.000Z',
          studentId: 3,
          corporateId: null,
          payerNameEn: 'Mohammed "Rahman" #eval("1") $x$ *bold*',
          payerNameAr: 'محمد',
          reference: '2000000006',
          amount: 1_000,
          batchNumber: null,
          verifiedAt: null,
        },
      ],
    };
    const { text } = readPdfText(amanaInvoicePdf(invoice, new Map([[7, 'INV-000007']]), DEVELOPMENT_SELLER));
    expect(text.replace(/\s+/g, '')).toContain('Mohammed"Rahman"#eval("1")$x$*bold*');
    expect(text).toContain('INV-000007');
    expect(text).toContain('Riyadh #1');
  });
});
