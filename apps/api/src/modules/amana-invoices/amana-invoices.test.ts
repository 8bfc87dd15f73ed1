import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amanaInvoices,
  corporates,
  journalEntries,
  journalLines,
  ledgerAccounts,
} from '../../db/schema/index.ts';
import { DEMO_CORPORATE_CR, DEMO_STUDENT_ID_NUMBER } from '../../seed/demo-users.ts';
import { demoCorporateId, demoStudentId } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newInvoice, paidPayment, tellerBranchId } from './fixtures.ts';

let t: TestApp;
let cfo: string;
let amanah: string;
let teller: string;
let accountant: string;
let branchId: number;
let studentId: number;
let corporateId: number;

const MARCH = { periodFrom: '2020-03-01', periodTo: '2020-03-31' };

beforeAll(async () => {
  t = await buildTestApp();
  cfo = (await t.loginAs('CFO')).token;
  amanah = (await t.loginAs('Amanah')).token;
  teller = (await t.loginAs('Teller')).token;
  accountant = (await t.loginAs('branchaccountant')).token;
  branchId = await tellerBranchId(t);
  studentId = await demoStudentId(t);
  corporateId = await demoCorporateId(t);
  // March 2020 at the teller's branch: two student payments and a corporate's with an Amanah fee,
  // one without a fee and one still pending (neither invoiced), one paid on 1 April (Riyadh) outside.
  await paidPayment(t, { branchId, studentId, paidAt: new Date('2020-03-05T09:00:00+03:00') });
  await paidPayment(t, { branchId, studentId, paidAt: new Date('2020-03-31T23:30:00+03:00') });
  await paidPayment(t, {
    branchId,
    corporateId,
    amanaFee: 2_500,
    paidAt: new Date('2020-03-10T09:00:00+03:00'),
  });
  await paidPayment(t, { branchId, studentId, amanaFee: 0, paidAt: new Date('2020-03-11T09:00:00+03:00') });
  await paidPayment(t, {
    branchId,
    studentId,
    status: 'pending',
    paidAt: new Date('2020-03-12T09:00:00+03:00'),
  });
  await paidPayment(t, { branchId, studentId, paidAt: new Date('2020-04-01T00:30:00+03:00') });
});
afterAll(async () => {
  await t.close();
});

function issue(token: string, payload: unknown, lang: 'en' | 'ar' = 'en', key: string | null = randomUUID()) {
  return t.call({
    method: 'POST',
    url: '/api/amana-invoices',
    token,
    lang,
    payload: payload as object,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

function verify(token: string, id: number, payload: unknown, lang: 'en' | 'ar' = 'en') {
  return t.call({
    method: 'POST',
    url: `/api/amana-invoices/${id}/verify`,
    token,
    lang,
    payload: payload as object,
    headers: { 'idempotency-key': randomUUID() },
  });
}

describe('POST /api/amana-invoices', () => {
  it('refuses the Amanah, a teller and a branch accountant (no create_10 or create_18): 403', async () => {
    for (const token of [amanah, teller, accountant]) {
      const response = await issue(token, { branchId, ...MARCH });
      expect(response.statusCode).toBe(403);
    }
    // The session answers the same rule as the caller ability the list's issue form follows.
    const issuing = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities[
        'amana-invoices'
      ];
    expect(await issuing(amanah)).toEqual({ issue: false, filterByBranch: false });
    expect(await issuing(cfo)).toEqual({ issue: true, filterByBranch: true });
  });

  it('requires an Idempotency-Key', async () => {
    const response = await issue(cfo, { branchId, ...MARCH }, 'en', null);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses a period that ends before it starts', async () => {
    const response = await issue(cfo, { branchId, periodFrom: '2020-03-31', periodTo: '2020-03-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ periodTo: 'EXAM_STATS_RANGE' });
  });

  it('refuses an empty period with a clear message, in English and Arabic', async () => {
    const english = await issue(cfo, { branchId, periodFrom: '2019-01-01', periodTo: '2019-01-31' });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('There is no Amanah fee left to invoice for this branch and period.');
    const arabic = await issue(cfo, { branchId, periodFrom: '2019-01-01', periodTo: '2019-01-31' }, 'ar');
    expect(arabic.json().message).toBe('لا توجد رسوم أمانة متبقية للفوترة لهذا الفرع وهذه الفترة.');
  });

  it('issues an AMN- invoice of the paid payments with a fee in the Riyadh days of the period, and posts a balanced journal', async () => {
    const response = await issue(cfo, { branchId, ...MARCH });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.number).toMatch(/^AMN-\d{6}$/);
    expect(body).toMatchObject({ branchId, amount: 4_500, lineCount: 3, verifiedCount: 0, status: 'issued' });
    expect(body.message).toBe(`Amanah invoice ${body.number} has been issued.`);

    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.source, 'amana_invoice'), eq(journalEntries.sourceId, body.id)));
    expect(entry).toMatchObject({ source: 'amana_invoice', branchId });
    const lines = await t.db
      .select({ role: ledgerAccounts.role, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
      .where(eq(journalLines.entryId, entry?.id ?? -1));
    expect(lines.sort((a, b) => String(a.role).localeCompare(String(b.role)))).toEqual([
      { role: 'amana_payable', debit: 4_500, credit: 0 },
      { role: 'bank', debit: 0, credit: 4_500 },
    ]);

    // Invoiced once: the same period again has nothing left.
    const again = await issue(cfo, { branchId, ...MARCH });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('AMANA_NOTHING_TO_INVOICE');
    // The series is gap-free and its own.
    const april = await issue(cfo, { branchId, periodFrom: '2020-04-01', periodTo: '2020-04-30' }, 'ar');
    expect(april.statusCode).toBe(201);
    const next = Number(body.number.slice(4)) + 1;
    expect(april.json().number).toBe(`AMN-${String(next).padStart(6, '0')}`);
    expect(april.json().message).toBe(`تم إصدار فاتورة الأمانة ${april.json().number}.`);
  });
});

describe('GET /api/amana-invoices and /:id', () => {
  it('lists the invoices for finance and the Amanah, with filters and a count; a teller sees its branch only', async () => {
    const invoice = await newInvoice(t, { cfo, amanah }, [{ student: studentId }]);
    const asAmanah = await t.call({
      method: 'GET',
      url: `/api/amana-invoices?branchId=${invoice.branchId}`,
      token: amanah,
    });
    expect(asAmanah.statusCode).toBe(200);
    expect(asAmanah.json().items.map((row: { id: number }) => row.id)).toEqual([invoice.id]);
    // The policy's abilities: the Amanah (edit_18) verifies it, finance (which issued it) does not.
    expect(asAmanah.json().items[0].abilities).toEqual({ verify: true });
    const asFinance = await t.call({ method: 'GET', url: `/api/amana-invoices/${invoice.id}`, token: cfo });
    expect(asFinance.json().abilities).toEqual({ verify: false });
    const count = await t.call({
      method: 'GET',
      url: `/api/amana-invoices/count?branchId=${invoice.branchId}`,
      token: cfo,
    });
    expect(count.json()).toEqual({ total: 1, capped: false });
    const verified = await t.call({
      method: 'GET',
      url: `/api/amana-invoices?status=verified&branchId=${invoice.branchId}`,
      token: cfo,
    });
    expect(verified.json().items).toEqual([]);
    const outside = await t.call({
      method: 'GET',
      url: `/api/amana-invoices?from=2022-01-01&branchId=${invoice.branchId}`,
      token: cfo,
    });
    expect(outside.json().items).toEqual([]);

    // The teller (read_10) belongs to another branch: the list leaves it out and the invoice is not found.
    const tellerList = await t.call({ method: 'GET', url: '/api/amana-invoices?limit=100', token: teller });
    expect(tellerList.statusCode).toBe(200);
    expect(tellerList.json().items.every((row: { branchId: number }) => row.branchId === branchId)).toBe(
      true,
    );
    const tellerGet = await t.call({
      method: 'GET',
      url: `/api/amana-invoices/${invoice.id}`,
      token: teller,
    });
    expect(tellerGet.statusCode).toBe(404);
  });

  it('refuses a caller with neither read_10 nor read_18', async () => {
    const student = (await t.loginAs('student')).token;
    const response = await t.call({ method: 'GET', url: '/api/amana-invoices', token: student });
    expect(response.statusCode).toBe(403);
  });

  it('shows each line with the student ID or the corporate CR', async () => {
    const invoice = await newInvoice(t, { cfo, amanah }, [
      { student: studentId },
      { corporate: corporateId },
    ]);
    const [corporate] = await t.db.select().from(corporates).where(eq(corporates.id, corporateId));
    expect(invoice.lines.map((line) => [line.reference, line.payerNameEn])).toEqual([
      [DEMO_STUDENT_ID_NUMBER, 'Mohammed Rahman'],
      [DEMO_CORPORATE_CR, corporate?.nameEn],
    ]);
  });
});

describe('the demo', () => {
  it('holds one invoice awaiting verification, AMN-000001, of the eight days up to the seed', async () => {
    const [demo] = await t.db.select().from(amanaInvoices).orderBy(asc(amanaInvoices.id)).limit(1);
    expect(demo).toMatchObject({
      number: 'AMN-000001',
      status: 'issued',
      periodFrom: centreDay(new Date(Date.now() - 8 * 86_400_000)),
      periodTo: centreDay(new Date()),
    });
    const detail = await t.call({ method: 'GET', url: `/api/amana-invoices/${demo?.id}`, token: amanah });
    expect(detail.json().lines.length).toBeGreaterThan(0);
    expect(
      detail.json().lines.every((line: { batchNumber: string | null }) => line.batchNumber === null),
    ).toBe(true);
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.source, 'amana_invoice'), eq(journalEntries.sourceId, demo?.id ?? -1)));
    expect(entry?.source).toBe('amana_invoice');
  });
});

describe('POST /api/amana-invoices/:id/verify', () => {
  it('refuses everyone but the Amanah, the CFO who issued the invoice included: 403', async () => {
    const invoice = await newInvoice(t, { cfo, amanah }, [{ student: studentId }]);
    const line = invoice.lines[0];
    for (const token of [teller, accountant, cfo]) {
      const response = await verify(token, invoice.id, {
        batchNumber: `B-${randomUUID()}`,
        lines: [{ lineId: line?.id, reference: line?.reference }],
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('asks for at least one student and a batch number, in English and Arabic', async () => {
    const invoice = await newInvoice(t, { cfo, amanah }, [{ student: studentId }]);
    const none = await verify(amanah, invoice.id, { batchNumber: 'B-1', lines: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ lines: 'SELECT_STUDENTS' });
    const noneAr = await verify(amanah, invoice.id, { batchNumber: 'B-1', lines: [] }, 'ar');
    expect(JSON.stringify(noneAr.json())).toContain('يرجى اختيار متدرب واحد على الأقل.');
    const line = invoice.lines[0];
    const noBatch = await verify(amanah, invoice.id, {
      batchNumber: ' ',
      lines: [{ lineId: line?.id, reference: line?.reference }],
    });
    expect(noBatch.statusCode).toBe(400);
    expect(noBatch.json().fields).toEqual({ batchNumber: 'ENTER_BATCH_NUMBER' });
  });

  it('checks the student ID or corporate CR sent against the line, and the line against the invoice', async () => {
    const invoice = await newInvoice(t, { cfo, amanah }, [{ student: studentId }]);
    const other = await newInvoice(t, { cfo, amanah }, [{ corporate: corporateId }]);
    const line = invoice.lines[0];
    const wrong = await verify(amanah, invoice.id, {
      batchNumber: `B-${randomUUID()}`,
      lines: [{ lineId: line?.id, reference: DEMO_CORPORATE_CR }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The student ID or corporate CR does not match the selected line.');
    const foreign = await verify(amanah, invoice.id, {
      batchNumber: `B-${randomUUID()}`,
      lines: [{ lineId: other.lines[0]?.id, reference: DEMO_CORPORATE_CR }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('AMANA_LINE_NOT_ON_INVOICE');
  });

  it('verifies batch by batch: partly verified, then verified; a line or batch number never twice', async () => {
    const invoice = await newInvoice(t, { cfo, amanah }, [
      { student: studentId },
      { corporate: corporateId },
    ]);
    const [first, second] = invoice.lines;
    const batch = `B-${randomUUID().slice(0, 8)}`;
    const ok = await verify(amanah, invoice.id, {
      batchNumber: batch,
      lines: [{ lineId: first?.id, reference: first?.reference }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      batchNumber: batch,
      verifiedLines: 1,
      status: 'partly_verified',
      message: 'Verification successful!',
    });

    const twice = await verify(
      amanah,
      invoice.id,
      { batchNumber: `B-${randomUUID()}`, lines: [{ lineId: first?.id, reference: first?.reference }] },
      'ar',
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('لا يمكن التحقق من دفعة تم التحقق منها مرتين.');
    const twiceEn = await verify(amanah, invoice.id, {
      batchNumber: `B-${randomUUID()}`,
      lines: [{ lineId: first?.id, reference: first?.reference }],
    });
    expect(twiceEn.json().message).toBe('A verified batch cannot be verified twice.');

    const reused = await verify(amanah, invoice.id, {
      batchNumber: batch,
      lines: [{ lineId: second?.id, reference: second?.reference }],
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This batch number has been used before.');

    const rest = await verify(
      amanah,
      invoice.id,
      {
        batchNumber: `B-${randomUUID().slice(0, 8)}`,
        lines: [{ lineId: second?.id, reference: second?.reference }],
      },
      'ar',
    );
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'verified', message: 'تم التحقق بنجاح!' });

    const detail = await t.call({ method: 'GET', url: `/api/amana-invoices/${invoice.id}`, token: cfo });
    expect(detail.json()).toMatchObject({ status: 'verified', verifiedCount: 2 });
    // A wholly verified invoice is verified no more: not even by the Amanah.
    const seen = await t.call({ method: 'GET', url: `/api/amana-invoices/${invoice.id}`, token: amanah });
    expect(seen.json().abilities).toEqual({ verify: false });
    expect(detail.json().lines[0].batchNumber).toBe(batch);
  });
});
