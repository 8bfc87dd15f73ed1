import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, invoices, payments } from '../../db/schema/index.ts';
import { demoStudentId, newBooking, PRICE } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: string;
let teller: string;
let cfo: string;
let amanah: string;
const today = centreDay(new Date());
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  teller = (await t.loginAs('Teller')).token;
  cfo = (await t.loginAs('CFO')).token;
  amanah = (await t.loginAs('Amanah')).token;
  const post = (url: string, token: string, payload: object) =>
    t.call({ method: 'POST', url, token, payload, headers: { 'idempotency-key': randomUUID() } });
  // Two bookings paid in cash at the counter, one by POS, one from an advance; one cash booking cancelled (a credit note).
  const paid: number[] = [];
  for (const method of ['cash', 'cash', 'pos'] as const) {
    const booking = await newBooking(t);
    const response = await post('/api/payments', teller, {
      bookingId: booking.id,
      method,
      ...(method === 'pos' ? { posReference: 'TRM-1' } : {}),
    });
    expect(response.statusCode).toBe(201);
    paid.push(booking.id);
  }
  const advance = await post('/api/advance-payments', cfo, {
    branchId: (await t.db.select({ id: branches.id }).from(branches).limit(1))[0]?.id,
    payerKind: 'student',
    payerId: await demoStudentId(t),
    method: 'cash',
    amount: 100_000,
  });
  expect(advance.statusCode).toBe(201);
  const fromBalance = await newBooking(t);
  expect(
    (await post('/api/payments', student, { bookingId: fromBalance.id, method: 'balance' })).statusCode,
  ).toBe(201);
  const cancelled = await post(`/api/bookings/${paid[0]}/cancel`, student, {});
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().creditNoteId).toEqual(expect.any(Number));
});
afterAll(async () => {
  await t.close();
});

const report = (token: string, query: string) =>
  t.call({ method: 'GET', url: `/api/finance-reports/revenue?${query}`, token });

/** What the report must say, from the stored rows: paid booking/product payments minus credit notes. */
async function expected() {
  const paid = (
    await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'paid'), ne(payments.purpose, 'advance')))
  ).filter((payment) => payment.paidAt && centreDay(payment.paidAt) === today);
  const notes = (await t.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'))).filter(
    (note) => centreDay(note.issuedAt) === today,
  );
  const sum = (rows: { total: number }[]) => rows.reduce((total, row) => total + row.total, 0);
  const byMethod = (method: string) =>
    sum(paid.filter((payment) => payment.method === method).map((p) => ({ total: p.amount })));
  const notesByMethod = (method: string) =>
    sum(notes.filter((note) => paid.find((p) => p.id === note.paymentId)?.method === method));
  return {
    payments: paid.length,
    creditNotes: notes.length,
    total: sum(paid.map((p) => ({ total: p.amount }))) - sum(notes),
    vat: paid.reduce((total, p) => total + p.vat, 0) - notes.reduce((total, n) => total + n.vat, 0),
    amanaFee:
      paid.reduce((total, p) => total + p.amanaFee, 0) - notes.reduce((total, n) => total + n.amanaFee, 0),
    count: (method: string) => paid.filter((payment) => payment.method === method).length,
    method: (method: string) => byMethod(method) - notesByMethod(method),
  };
}

describe('GET /api/finance-reports/revenue', () => {
  it('sums match the stored payments minus credit notes, whatever the grouping; advances are not revenue', async () => {
    const want = await expected();
    // This file's own: 3 counter payments and 1 from the balance, 1 credit note (and whatever the demo data paid today).
    expect(want.payments).toBeGreaterThanOrEqual(4);
    expect(want.creditNotes).toBeGreaterThanOrEqual(1);
    expect(want.total).toBeGreaterThanOrEqual(3 * PRICE.total);
    expect(want.total).toBeGreaterThan(0);
    for (const groupBy of ['day', 'branch', 'method', 'course']) {
      const response = await report(cfo, `from=${today}&to=${today}&groupBy=${groupBy}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.totals).toMatchObject({
        payments: want.payments,
        creditNotes: want.creditNotes,
        total: want.total,
        vat: want.vat,
      });
      expect(body.rows.reduce((total: number, row: { total: number }) => total + row.total, 0)).toBe(
        want.total,
      );
    }
    const byMethod = (await report(cfo, `from=${today}&to=${today}&groupBy=method`)).json();
    const rowOf = (key: string) => byMethod.rows.find((row: { key: string }) => row.key === key);
    for (const method of ['cash', 'pos', 'balance'])
      expect(rowOf(method)).toMatchObject({ payments: want.count(method), total: want.method(method) });
    expect(rowOf('cash').creditNotes).toBeGreaterThanOrEqual(1);
    expect(byMethod.rows.some((row: { key: string }) => row.key === 'advance')).toBe(false);
    const byDay = (await report(cfo, `from=${today}&to=${today}`)).json();
    expect(byDay.groupBy).toBe('day');
    expect(byDay.rows).toEqual([expect.objectContaining({ key: today, total: want.total })]);
    const byCourse = (await report(cfo, `from=${today}&to=${today}&groupBy=course`)).json();
    expect(byCourse.rows[0].key).toMatch(/^course:\d+$/);
    expect(byCourse.rows[0].labelEn).not.toBe('-');
  });

  it('an earlier period is empty; a bad period is refused', async () => {
    const empty = (await report(cfo, 'from=2020-01-01&to=2020-01-31')).json();
    expect(empty.rows).toEqual([]);
    expect(empty.totals.total).toBe(0);
    const backwards = await report(cfo, 'from=2020-02-01&to=2020-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('REPORT_PERIOD_INVALID');
    expect((await report(cfo, 'from=2020-01-01&to=2022-01-01')).statusCode).toBe(400);
    expect((await report(cfo, `to=${today}`)).statusCode).toBe(400);
  });

  it('finance (read_10) only; a branch teller sees its branch', async () => {
    expect((await report(student, `from=${today}&to=${today}`)).statusCode).toBe(403);
    expect((await report(amanah, `from=${today}&to=${today}`)).statusCode).toBe(403);
    const branch = await report(teller, `from=${today}&to=${today}&groupBy=branch`);
    expect(branch.statusCode).toBe(200);
    expect(branch.json().rows).toHaveLength(1);
  });

  it('exports CSV and XLSX with the totals, in the caller’s language', async () => {
    const want = await expected();
    const csv = await t.call({
      method: 'GET',
      url: `/api/finance-reports/revenue/export?from=${today}&to=${today}&groupBy=method&format=csv`,
      token: cfo,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`revenue-method-${today}-${today}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Group,Payments,Credit notes,Before VAT (SAR),Amanah fee (SAR),VAT (SAR),Total (SAR)',
    );
    expect(lines.at(-1)).toBe(
      `Total,${want.payments},${want.creditNotes},${((want.total - want.vat - want.amanaFee) / 100).toFixed(2)},${(want.amanaFee / 100).toFixed(2)},${(want.vat / 100).toFixed(2)},${(want.total / 100).toFixed(2)}`,
    );
    const xlsx = await t.call({
      method: 'GET',
      url: `/api/finance-reports/revenue/export?from=${today}&to=${today}&lang=ar`,
      token: cfo,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('المجموعة');
    const last = sheet?.getRow(sheet.rowCount);
    expect(last?.getCell(1).value).toBe('الإجمالي');
    expect(last?.getCell(7).value).toBe(want.total / 100);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/finance-reports/revenue/export?from=${today}&to=${today}`,
          token: student,
        })
      ).statusCode,
    ).toBe(403);
  });
});
