import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporates, payments, refundRequests, users, walletEntries } from '../../db/schema/index.ts';
import { DEMO_CORPORATE_CR, DEMO_STUDENT_ID_NUMBER } from '../../seed/demo-users.ts';
import { demoCorporateId, demoStudentId } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** The finance lists' payer search: one rule (payer-search.ts) read the same way by every list. */

let t: TestApp;
let cfo: string;
let studentNameAr: string;
/** Each list's row of the demo student and of the demo corporate, by the list's own key. */
const rows = {} as Record<
  'payments' | 'advances' | 'balances' | 'refunds',
  { student: string; corporate: string }
>;

beforeAll(async () => {
  t = await buildTestApp();
  const login = await t.loginAs('CFO');
  cfo = login.token;
  const studentId = await demoStudentId(t);
  const corporateId = await demoCorporateId(t);
  const [studentUser] = await t.db
    .select({ nameAr: users.nameAr })
    .from(users)
    .where(eq(users.idNumber, DEMO_STUDENT_ID_NUMBER));
  studentNameAr = studentUser?.nameAr ?? '';
  const [corporate] = await t.db.select().from(corporates).where(eq(corporates.id, corporateId));
  expect(corporate?.crNumber).toBe(DEMO_CORPORATE_CR);

  const paid = {
    method: 'cash',
    status: 'paid',
    amount: 11_500,
    subtotal: 10_000,
    vat: 1_500,
    paidAt: new Date(),
  } as const;
  const [studentAdvance, corporateAdvance] = await t.db
    .insert(payments)
    .values([
      { ...paid, purpose: 'advance', payerStudentId: studentId },
      { ...paid, purpose: 'advance', payerCorporateId: corporateId },
    ])
    .returning();
  if (!studentAdvance || !corporateAdvance) throw new Error('no advance payments');
  await t.db.insert(walletEntries).values([
    { kind: 'advance', amount: 11_500, studentId, paymentId: studentAdvance.id },
    { kind: 'advance', amount: 11_500, corporateId, paymentId: corporateAdvance.id },
  ]);
  const request = {
    amount: 1_000,
    reason: 'Paid twice',
    payout: 'balance',
    requestedByUserId: login.userId,
  } as const;
  const [studentRequest, corporateRequest] = await t.db
    .insert(refundRequests)
    .values([
      { ...request, paymentId: studentAdvance.id },
      { ...request, paymentId: corporateAdvance.id },
    ])
    .returning();
  if (!studentRequest || !corporateRequest) throw new Error('no refund requests');

  const ids = { student: String(studentAdvance.id), corporate: String(corporateAdvance.id) };
  rows.payments = ids;
  rows.advances = ids;
  rows.balances = { student: `student-${studentId}`, corporate: `corporate-${corporateId}` };
  rows.refunds = { student: String(studentRequest.id), corporate: String(corporateRequest.id) };
});
afterAll(async () => {
  await t.close();
});

const LISTS = [
  { name: 'payments', path: '/api/payments' },
  { name: 'advances', path: '/api/advance-payments' },
  { name: 'balances', path: '/api/balances' },
  { name: 'refunds', path: '/api/refund-requests' },
] as const;

/** The keys of the rows a list finds for a search, its count checked against them. */
async function search(path: string, term: string): Promise<string[]> {
  const query = `search=${encodeURIComponent(term)}`;
  const page = await t.call({ method: 'GET', url: `${path}?${query}&limit=100`, token: cfo });
  expect(page.statusCode, `${path} ${term}`).toBe(200);
  const count = await t.call({ method: 'GET', url: `${path}/count?${query}`, token: cfo });
  expect(count.statusCode, `${path}/count ${term}`).toBe(200);
  const items: { id?: number; payerKind?: string; payerId?: number }[] = page.json().items;
  expect(count.json().total).toBe(items.length);
  return items.map((item) => (item.id !== undefined ? String(item.id) : `${item.payerKind}-${item.payerId}`));
}

/** Latin digits written as Arabic-Indic ones: 2000000006 → ٢٠٠٠٠٠٠٠٠٦. */
const arabicIndic = (digits: string) =>
  digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

describe.each(LISTS)('the $name list searched by payer', ({ name, path }) => {
  it('finds a student by the Arabic name', async () => {
    expect(studentNameAr).not.toBe('');
    const found = await search(path, studentNameAr);
    expect(found).toContain(rows[name].student);
    expect(found).not.toContain(rows[name].corporate);
  });

  it('finds a student by the ID number written in Arabic-Indic digits', async () => {
    const found = await search(path, arabicIndic(DEMO_STUDENT_ID_NUMBER));
    expect(found).toContain(rows[name].student);
    expect(found).not.toContain(rows[name].corporate);
  });

  it('finds a corporate by its CR', async () => {
    const found = await search(path, DEMO_CORPORATE_CR);
    expect(found).toContain(rows[name].corporate);
    expect(found).not.toContain(rows[name].student);
  });
});
