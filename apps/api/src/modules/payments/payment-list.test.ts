import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, corporates, payments, products, users } from '../../db/schema/index.ts';
import { DEMO_STUDENT_ID_NUMBER } from '../../seed/demo-users.ts';
import { demoCorporateId, demoStudentId, newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cfo: string;
let teller: string;
let tellerBranchId: number;
let otherBranchId: number;
let studentPaymentId: number;
let corporatePaymentId: number;
let corporateName: string;
let corporateId: number;

beforeAll(async () => {
  t = await buildTestApp();
  cfo = (await t.loginAs('CFO')).token;
  const tellerLogin = await t.loginAs('Teller');
  teller = tellerLogin.token;
  const [tellerUser] = await t.db.select().from(users).where(eq(users.id, tellerLogin.userId));
  tellerBranchId = tellerUser?.branchId ?? -1;
  const [other] = await t.db.select().from(branches).where(ne(branches.id, tellerBranchId)).limit(1);
  otherBranchId = other?.id ?? -1;

  // The demo student's booking paid in cash at the teller's branch.
  const booking = await newBooking(t);
  const cash = await t.call({
    method: 'POST',
    url: '/api/payments',
    token: teller,
    payload: { bookingId: booking.id, method: 'cash' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(cash.statusCode).toBe(201);
  studentPaymentId = cash.json().id;

  // A product the demo corporate paid by card, taken at another branch.
  corporateId = await demoCorporateId(t);
  const [corporate] = await t.db.select().from(corporates).where(eq(corporates.id, corporateId));
  corporateName = corporate?.nameEn ?? '';
  const [product] = await t.db.select().from(products).limit(1);
  const [row] = await t.db
    .insert(payments)
    .values({
      purpose: 'product',
      productId: product?.id,
      payerCorporateId: corporateId,
      method: 'card',
      status: 'paid',
      amount: 11_500,
      subtotal: 10_000,
      vat: 1_500,
      branchId: otherBranchId,
      paidAt: new Date(),
    })
    .returning();
  corporatePaymentId = row?.id ?? -1;
});
afterAll(async () => {
  await t.close();
});

async function list(token: string, query: string) {
  // One page holds them all: the demo has a week of takings.
  const page = await t.call({ method: 'GET', url: `/api/payments?limit=100&${query}`, token });
  expect(page.statusCode, query).toBe(200);
  const count = await t.call({ method: 'GET', url: `/api/payments/count?${query}`, token });
  expect(count.statusCode, query).toBe(200);
  const items: {
    id: number;
    payerStudentId: number | null;
    payerCorporateId: number | null;
    branchId: number;
  }[] = page.json().items;
  expect(count.json().total, query).toBe(items.length);
  return items;
}

describe('GET /api/payments: the payer search and the branch filter', () => {
  it('finds a student payer by ID number or name and a corporate by name, in the list and its count', async () => {
    const studentId = await demoStudentId(t);
    const byIdNumber = await list(cfo, `search=${DEMO_STUDENT_ID_NUMBER}`);
    expect(byIdNumber.map((item) => item.id)).toContain(studentPaymentId);
    expect(byIdNumber.every((item) => item.payerStudentId === studentId)).toBe(true);
    const arabicDigits = DEMO_STUDENT_ID_NUMBER.replace(
      /\d/g,
      (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit,
    );
    expect((await list(cfo, `search=${encodeURIComponent(arabicDigits)}`)).map((item) => item.id)).toEqual(
      byIdNumber.map((item) => item.id),
    );

    const [student] = await t.db.select().from(users).where(eq(users.idNumber, DEMO_STUDENT_ID_NUMBER));
    const byName = await list(cfo, `search=${encodeURIComponent(student?.nameAr ?? '?')}`);
    expect(byName.map((item) => item.id)).toContain(studentPaymentId);

    const byCorporate = await list(
      cfo,
      `search=${encodeURIComponent(corporateName.slice(0, 8).toLowerCase())}`,
    );
    // the corporate's payments (ours, and its demo advance), no one else's
    expect(byCorporate.map((item) => item.id)).toContain(corporatePaymentId);
    expect(byCorporate.every((item) => item.payerCorporateId === corporateId)).toBe(true);

    expect(await list(cfo, 'search=nobody%25at%25all')).toEqual([]);
  });

  it('filters by branch for finance; a teller sees only its branch, whatever it asks for', async () => {
    const other = await list(cfo, `branchId=${otherBranchId}`);
    // The demo data has payments in that branch too: every one listed is of it, ours among them.
    expect(other.map((item) => item.id)).toContain(corporatePaymentId);
    expect(other.every((item) => item.branchId === otherBranchId)).toBe(true);
    expect(other.map((item) => item.id)).not.toContain(studentPaymentId);
    const own = await list(cfo, `branchId=${tellerBranchId}`);
    expect(own.map((item) => item.id)).toContain(studentPaymentId);

    const tellers = await list(teller, '');
    expect(tellers.map((item) => item.id)).toContain(studentPaymentId);
    expect(tellers.every((item) => item.branchId === tellerBranchId)).toBe(true);
    expect(await list(teller, `branchId=${otherBranchId}`)).toEqual([]);
    // The corporate's payments in the teller's branch (its demo advance, decision 0021), not ours elsewhere.
    const corporateSearch = await list(teller, `search=${encodeURIComponent(corporateName)}`);
    expect(corporateSearch.map((item) => item.id)).not.toContain(corporatePaymentId);
    expect(corporateSearch.every((item) => item.branchId === tellerBranchId)).toBe(true);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/payments/${corporatePaymentId}`,
      token: teller,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps a payer to its own payments when it searches for another', async () => {
    const { token } = await t.loginAs('student');
    expect(await list(token, `search=${encodeURIComponent(corporateName)}`)).toEqual([]);
  });
});
