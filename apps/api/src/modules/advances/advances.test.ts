import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branches as branchesTable,
  corporates as corporatesTable,
  invoices,
  journalEntries,
  journalLines,
  ledgerAccounts,
  outbox,
  payments,
  students,
  users,
  walletEntries,
} from '../../db/schema/index.ts';
import { branchIdOf, groupIdOf, tokenOf } from '../../test/accounts.ts';
import { PDF_BYTES } from '../../test/files.ts';
import { demoCorporateId, demoStudentId, newBooking, PRICE, WIRE_IBAN } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newStaffFields } from '../../test/users.ts';

let t: TestApp;
let student: string;
let corporate: string;
let teller: string;
let cfo: string;
let studentId: number;
let corporateId: number;
/** The branch head office (the CFO) records its advances into. */
let branchId: number;
let otherBranchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  corporate = (await t.loginAs('corporate')).token;
  teller = (await t.loginAs('Teller')).token;
  cfo = (await t.loginAs('CFO')).token;
  studentId = await demoStudentId(t);
  corporateId = await demoCorporateId(t);
  const rows = await t.db.select({ id: branchesTable.id }).from(branchesTable).orderBy(branchesTable.id);
  branchId = rows[0]?.id ?? 0;
  otherBranchId = rows[1]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

const advance = (token: string, payload: object, key: string | null = randomUUID()) =>
  t.call({
    method: 'POST',
    url: '/api/advance-payments',
    token,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

function wireAdvance(token: string, fields: Record<string, string>) {
  const boundary = 'advanceboundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      Object.entries({
        method: 'wire',
        bankName: 'Al Rajhi Bank',
        accountNumber: '608010167519',
        iban: WIRE_IBAN,
        ...fields,
      })
        .map(([name, value]) => field(name, value))
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="wireCopy"; filename="copy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call({
    method: 'POST',
    url: '/api/advance-payments',
    token,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': randomUUID(),
    },
  });
}

async function balanceOf(token: string, kind: 'student' | 'corporate', id: number) {
  const response = await t.call({ method: 'GET', url: `/api/balances/${kind}/${id}`, token });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    balance: number;
    movements: { kind: string; amount: number; paymentId: number }[];
  };
}

async function journalOf(paymentId: number) {
  return t.db
    .select({ role: ledgerAccounts.role, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(and(eq(journalEntries.source, 'payment'), eq(journalEntries.sourceId, paymentId)));
}

describe('POST /api/advance-payments', () => {
  it('cash by finance: paid at once, a zero-VAT receipt, an advance credit in the balance, posted to the journal; the balance then pays a booking', async () => {
    const before = (await balanceOf(cfo, 'student', studentId)).balance;
    const created = await advance(cfo, {
      branchId,
      payerKind: 'student',
      payerId: studentId,
      method: 'cash',
      amount: 50_000,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ status: 'paid', invoiceId: expect.any(Number), redirectUrl: null });
    expect(body.message).toBe('The advance payment is recorded and credited to the balance.');

    const [receipt] = await t.db.select().from(invoices).where(eq(invoices.id, body.invoiceId));
    expect(receipt).toMatchObject({ kind: 'invoice', subtotal: 50_000, vat: 0, amanaFee: 0, total: 50_000 });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, body.id));
    expect(row).toMatchObject({ purpose: 'advance', bookingId: null, vat: 0, payerStudentId: studentId });

    const after = await balanceOf(cfo, 'student', studentId);
    expect(after.balance).toBe(before + 50_000);
    expect(after.movements[0]).toMatchObject({ kind: 'advance', amount: 50_000, paymentId: body.id });
    const lines = await journalOf(body.id);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'cash', debit: 50_000 }),
        expect.objectContaining({ role: 'customer_balances', credit: 50_000 }),
      ]),
    );
    expect(lines).toHaveLength(2);

    // The student sees its own balance, and spends it on a booking.
    expect((await balanceOf(student, 'student', studentId)).balance).toBe(after.balance);
    const booking = await newBooking(t);
    const paid = await t.call({
      method: 'POST',
      url: '/api/payments',
      token: student,
      payload: { bookingId: booking.id, method: 'balance' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().status).toBe('paid');
    const spent = await balanceOf(student, 'student', studentId);
    expect(spent.balance).toBe(after.balance - PRICE.total);
    expect(spent.movements[0]).toMatchObject({ kind: 'payment', amount: -PRICE.total });
  });

  it('POS needs the terminal reference and keeps it', async () => {
    const missing = await advance(cfo, {
      branchId,
      payerKind: 'corporate',
      payerId: corporateId,
      method: 'pos',
      amount: 1_000,
    });
    expect(missing.statusCode).toBe(400);
    const created = await advance(cfo, {
      branchId,
      payerKind: 'corporate',
      payerId: corporateId,
      method: 'pos',
      amount: 1_000,
      posReference: 'TRM-778',
    });
    expect(created.statusCode).toBe(201);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, created.json().id));
    expect(row).toMatchObject({ status: 'paid', posReference: 'TRM-778', payerCorporateId: corporateId });
    expect((await journalOf(created.json().id)).map((line) => line.role).sort()).toEqual([
      'card_clearing',
      'customer_balances',
    ]);
  });

  it('a wire waits for finance: no balance until confirmed, then credited once', async () => {
    const before = (await balanceOf(cfo, 'corporate', corporateId)).balance;
    const sent = await wireAdvance(cfo, {
      branchId: String(branchId),
      payerKind: 'corporate',
      payerId: String(corporateId),
      amount: '70000',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', invoiceId: null });
    expect((await balanceOf(cfo, 'corporate', corporateId)).balance).toBe(before);
    const url = `/api/payments/${sent.json().id}/confirm-wire`;
    const key = randomUUID();
    const confirmed = await t.call({ method: 'POST', url, token: cfo, headers: { 'idempotency-key': key } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().invoiceId).toEqual(expect.any(Number));
    const again = await t.call({
      method: 'POST',
      url,
      token: cfo,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(again.statusCode).toBe(409);
    expect((await balanceOf(corporate, 'corporate', corporateId)).balance).toBe(before + 70_000);
    expect((await journalOf(sent.json().id)).find((line) => line.role === 'bank')?.debit).toBe(70_000);
  });

  it('a wire finance rejects fails, credits nothing and tells the payer', async () => {
    const before = (await balanceOf(cfo, 'student', studentId)).balance;
    const sent = await wireAdvance(cfo, {
      branchId: String(branchId),
      payerKind: 'student',
      payerId: String(studentId),
      amount: '3300',
    });
    expect(sent.statusCode).toBe(201);
    const rejected = await t.call({
      method: 'POST',
      url: `/api/payments/${sent.json().id}/reject-wire`,
      token: cfo,
      payload: { reason: 'No such transfer arrived' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('failed');
    expect((await balanceOf(cfo, 'student', studentId)).balance).toBe(before);
    const told = await t.db.select({ body: outbox.body }).from(outbox);
    expect(
      told.some((message) =>
        message.body.includes(
          'SAR 33.00 paid in advance into your balance was not accepted: No such transfer arrived',
        ),
      ),
    ).toBe(true);
  });

  it('a wire without its copy is refused', async () => {
    const response = await advance(cfo, {
      branchId,
      payerKind: 'student',
      payerId: studentId,
      method: 'wire',
      amount: 1_000,
      bankName: 'Al Rajhi Bank',
      accountNumber: '608010167519',
      iban: WIRE_IBAN,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ wireCopy: 'REQUIRED' });
  });

  it('a corporate pays its own advance by card through the gateway; credited once paid', async () => {
    const before = (await balanceOf(corporate, 'corporate', corporateId)).balance;
    const created = await advance(corporate, {
      payerKind: 'corporate',
      payerId: corporateId,
      method: 'card',
      amount: 12_345,
    });
    expect(created.statusCode).toBe(201);
    const { id, redirectUrl } = created.json();
    expect(redirectUrl).toMatch(/^\/api\/dev-gateway\/pay\/dev_/);
    expect((await balanceOf(corporate, 'corporate', corporateId)).balance).toBe(before);
    const pressed = await t.call({
      method: 'POST',
      url: redirectUrl,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    const back = await t.call({ method: 'GET', url: String(pressed.headers.location) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/corporate/payments?payment=${id}&result=paid`);
    const after = await balanceOf(corporate, 'corporate', corporateId);
    expect(after.balance).toBe(before + 12_345);
    const [receipt] = await t.db.select().from(invoices).where(eq(invoices.paymentId, id));
    expect(receipt?.lines).toEqual([
      expect.objectContaining({ descriptionEn: 'Advance payment into the balance' }),
    ]);
  });

  it('who may record what', async () => {
    const cash = { payerKind: 'student', payerId: studentId, method: 'cash', amount: 1_000 };
    expect((await advance(teller, cash)).statusCode).toBe(403);
    const ownCash = await advance(student, cash);
    expect(ownCash.statusCode).toBe(400);
    expect(ownCash.json().fields).toMatchObject({ method: 'PAYMENT_METHOD_NOT_ALLOWED' });
    const someoneElse = await advance(student, {
      ...cash,
      payerKind: 'corporate',
      payerId: corporateId,
      method: 'card',
    });
    expect(someoneElse.statusCode).toBe(404);
    expect((await advance(cfo, { ...cash, method: 'card' })).statusCode).toBe(400);
    expect((await advance(cfo, { ...cash, payerId: 999_999 })).statusCode).toBe(404);
    const noKey = await advance(cfo, cash, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });
});

describe('the branch of an advance (decision 0021)', () => {
  const cash = () => ({ payerKind: 'student', payerId: studentId, method: 'cash', amount: 2_000 });
  const branchOfPayment = async (id: number) =>
    (await t.db.select({ branchId: payments.branchId }).from(payments).where(eq(payments.id, id)))[0]
      ?.branchId;
  const cfoUserId = async () =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.type, 'CFO')))[0]?.id ?? 0;

  it('head office names the branch: required, an existing one, and the closing of its day counts the cash', async () => {
    const missing = await advance(cfo, cash());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ branchId: 'REQUIRED' });
    expect((await advance(cfo, { ...cash(), branchId: 999_999 })).statusCode).toBe(404);
    await t.db.update(branchesTable).set({ status: 'inactive' }).where(eq(branchesTable.id, otherBranchId));
    try {
      const closed = await advance(cfo, { ...cash(), branchId: otherBranchId });
      expect(closed.statusCode).toBe(400);
      expect(closed.json().fields).toEqual({ branchId: 'INVALID_VALUE' });
    } finally {
      await t.db.update(branchesTable).set({ status: 'active' }).where(eq(branchesTable.id, otherBranchId));
    }
    const summaryUrl = `/api/daily-closings/summary?branchId=${otherBranchId}&day=${centreDay(new Date())}`;
    const before = (await t.call({ method: 'GET', url: summaryUrl, token: cfo })).json();
    const created = await advance(cfo, { ...cash(), branchId: otherBranchId });
    expect(created.statusCode).toBe(201);
    expect(await branchOfPayment(created.json().id)).toBe(otherBranchId);
    const after = (await t.call({ method: 'GET', url: summaryUrl, token: cfo })).json();
    expect(after.totals.cash).toBe(before.totals.cash + 2_000);
  });

  it('staff of a branch record into theirs; naming another branch is refused', async () => {
    const userId = await cfoUserId();
    await t.db.update(users).set({ branchId: otherBranchId }).where(eq(users.id, userId));
    try {
      const created = await advance(cfo, cash());
      expect(created.statusCode).toBe(201);
      expect(await branchOfPayment(created.json().id)).toBe(otherBranchId);
      const elsewhere = await advance(cfo, { ...cash(), branchId });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().fields).toEqual({ branchId: 'INVALID_VALUE' });
    } finally {
      await t.db.update(users).set({ branchId: null }).where(eq(users.id, userId));
    }
  });

  it("a payer's own advance: the student's registration branch, else the main branch; a corporate's the main branch", async () => {
    const card = { payerKind: 'student', payerId: studentId, method: 'card', amount: 1_500 };
    const [registered] = await t.db
      .select({ branchId: students.branchId })
      .from(students)
      .where(eq(students.id, studentId));
    expect(registered?.branchId).toBeTruthy();
    const own = await advance(student, card);
    expect(own.statusCode).toBe(201);
    expect(await branchOfPayment(own.json().id)).toBe(registered?.branchId);
    const [main] = await t.db
      .select({ id: branchesTable.id })
      .from(branchesTable)
      .where(eq(branchesTable.type, 'main'))
      .orderBy(branchesTable.id);
    await t.db.update(students).set({ branchId: null }).where(eq(students.id, studentId));
    try {
      const unplaced = await advance(student, card);
      expect(await branchOfPayment(unplaced.json().id)).toBe(main?.id);
    } finally {
      await t.db
        .update(students)
        .set({ branchId: registered?.branchId ?? null })
        .where(eq(students.id, studentId));
    }
    const corporateOwn = await advance(corporate, {
      payerKind: 'corporate',
      payerId: corporateId,
      method: 'card',
      amount: 1_500,
    });
    expect(await branchOfPayment(corporateOwn.json().id)).toBe(main?.id);
    const named = await advance(student, { ...card, branchId });
    expect(named.statusCode).toBe(400);
    expect(named.json().fields).toEqual({ branchId: 'INVALID_VALUE' });
  });
});

describe('GET /api/advance-payments/payers', () => {
  it('finds students and corporates for finance (create_10) only', async () => {
    const [student_] = await t.db.select().from(students).where(eq(students.id, studentId));
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, student_?.userId ?? 0));
    const found = await t.call({
      method: 'GET',
      url: `/api/advance-payments/payers?search=${user?.idNumber}`,
      token: cfo,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      expect.objectContaining({
        payerKind: 'student',
        payerId: studentId,
        payerNameEn: user?.nameEn,
        payerNameAr: user?.nameAr,
        payerNumber: user?.idNumber,
      }),
    ]);
    const [corp] = await t.db.select().from(corporatesTable).where(eq(corporatesTable.id, corporateId));
    const byCr = await t.call({
      method: 'GET',
      url: `/api/advance-payments/payers?search=${corp?.crNumber}`,
      token: cfo,
    });
    expect(byCr.json()).toEqual([
      expect.objectContaining({
        payerKind: 'corporate',
        payerId: corporateId,
        payerNameEn: corp?.nameEn,
        payerNameAr: corp?.nameAr,
      }),
    ]);
    const url = `/api/advance-payments/payers?search=${user?.idNumber}`;
    expect((await t.call({ method: 'GET', url, token: teller })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url, token: student })).statusCode).toBe(403);
  });
});

describe('GET /api/advance-payments and /api/balances', () => {
  it('finance lists advances with the list kit filters; payers may not', async () => {
    await advance(cfo, { payerKind: 'student', payerId: studentId, method: 'cash', amount: 2_000 });
    const all = await t.call({ method: 'GET', url: '/api/advance-payments', token: cfo });
    expect(all.statusCode).toBe(200);
    expect(all.json().items.length).toBeGreaterThan(0);
    for (const item of all.json().items) expect(['cash', 'pos', 'wire', 'card']).toContain(item.method);

    const pos = await t.call({ method: 'GET', url: '/api/advance-payments?method=pos', token: cfo });
    expect(pos.json().items.every((item: { method: string }) => item.method === 'pos')).toBe(true);
    expect(pos.json().items.length).toBeGreaterThan(0);
    const corporates = await t.call({
      method: 'GET',
      url: '/api/advance-payments?payerKind=corporate',
      token: cfo,
    });
    expect(
      corporates.json().items.every((item: { payerKind: string }) => item.payerKind === 'corporate'),
    ).toBe(true);
    const page = await t.call({ method: 'GET', url: '/api/advance-payments?limit=1', token: cfo });
    expect(page.json().items).toHaveLength(1);
    const next = await t.call({
      method: 'GET',
      url: `/api/advance-payments?limit=1&cursor=${page.json().nextCursor}`,
      token: cfo,
    });
    expect(next.json().items[0].id).toBeLessThan(page.json().items[0].id);
    const count = await t.call({ method: 'GET', url: '/api/advance-payments/count', token: cfo });
    expect(count.json()).toEqual({ total: all.json().items.length, capped: false });
    const none = await t.call({
      method: 'GET',
      url: '/api/advance-payments?search=nobody-by-this-name',
      token: cfo,
    });
    expect(none.json().items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const old = await t.call({ method: 'GET', url: '/api/advance-payments?to=2020-01-01', token: cfo });
    expect(old.json().items).toEqual([]);
    const recent = await t.call({ method: 'GET', url: `/api/advance-payments?from=${today}`, token: cfo });
    expect(recent.json().items.length).toBeGreaterThan(0);

    expect((await t.call({ method: 'GET', url: '/api/advance-payments', token: student })).statusCode).toBe(
      403,
    );
    expect((await t.call({ method: 'GET', url: '/api/advance-payments', token: teller })).statusCode).toBe(
      200,
    );
  });

  it('finance lists balances per payer; a payer reads only its own', async () => {
    const list = await t.call({ method: 'GET', url: '/api/balances', token: cfo });
    expect(list.statusCode).toBe(200);
    const mine = list
      .json()
      .items.find(
        (item: { payerKind: string; payerId: number }) =>
          item.payerKind === 'student' && item.payerId === studentId,
      );
    const [sum] = await t.db.select({ amount: walletEntries.amount }).from(walletEntries);
    expect(sum).toBeDefined();
    expect(mine.balance).toBe((await balanceOf(cfo, 'student', studentId)).balance);
    const onlyCorporates = await t.call({
      method: 'GET',
      url: '/api/balances?payerKind=corporate',
      token: cfo,
    });
    expect(onlyCorporates.json().items.length).toBeGreaterThan(0);
    expect(
      onlyCorporates.json().items.every((item: { payerKind: string }) => item.payerKind === 'corporate'),
    ).toBe(true);
    const first = await t.call({ method: 'GET', url: '/api/balances?limit=1', token: cfo });
    const second = await t.call({
      method: 'GET',
      url: `/api/balances?limit=1&cursor=${first.json().nextCursor}`,
      token: cfo,
    });
    expect(second.json().items[0]).not.toEqual(first.json().items[0]);
    const count = await t.call({ method: 'GET', url: '/api/balances/count', token: cfo });
    expect(count.json().total).toBe(list.json().items.length);

    expect((await t.call({ method: 'GET', url: '/api/balances', token: student })).statusCode).toBe(403);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/balances/corporate/${corporateId}`,
      token: student,
    });
    expect(foreign.statusCode).toBe(404);
    const other = await t.call({
      method: 'GET',
      url: `/api/balances/student/${studentId}`,
      token: corporate,
    });
    expect(other.statusCode).toBe(404);
    const own = await t.call({ method: 'GET', url: '/api/payments/balance', token: student });
    expect(own.json().balance).toBe(mine.balance);
  });
});

describe('balances follow the students’ branch scope (decision 0026)', () => {
  /** A student registered to the branch, with a balance movement of its own. */
  async function studentWithBalanceIn(branch: 'RUH-01' | 'JED-01') {
    const [row] = await t.db
      .select({ id: students.id, idNumber: users.idNumber })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(students.branchId, await branchIdOf(t, branch)))
      .limit(1);
    if (!row?.idNumber) throw new Error(`no demo student in ${branch}`);
    await t.db.insert(walletEntries).values({ studentId: row.id, kind: 'advance', amount: 1_000 });
    return { id: row.id, idNumber: row.idNumber };
  }

  it("a branch's staff read its branch's students' balances and every corporate's; another branch's student is 404", async () => {
    const own = await studentWithBalanceIn('RUH-01');
    const foreign = await studentWithBalanceIn('JED-01');
    const url = (id: number) => `/api/balances/student/${id}`;
    expect((await t.call({ method: 'GET', url: url(own.id), token: teller })).statusCode).toBe(200);
    const refused = await t.call({ method: 'GET', url: url(foreign.id), token: teller });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(foreign.idNumber);
    expect((await t.call({ method: 'GET', url: url(foreign.id), token: cfo })).statusCode).toBe(200);
    const corporateBalance = await t.call({
      method: 'GET',
      url: `/api/balances/corporate/${corporateId}`,
      token: teller,
    });
    expect(corporateBalance.statusCode).toBe(200);

    const payers = async (token: string, query = '') => {
      const response = await t.call({ method: 'GET', url: `/api/balances?limit=100${query}`, token });
      expect(response.statusCode).toBe(200);
      return response.json<{ items: { payerKind: string; payerId: number }[] }>().items;
    };
    const listed = await payers(teller);
    const has = (items: typeof listed, kind: string, id: number) =>
      items.some((item) => item.payerKind === kind && item.payerId === id);
    expect(has(listed, 'student', own.id)).toBe(true);
    expect(has(listed, 'student', foreign.id)).toBe(false);
    expect(has(listed, 'corporate', corporateId)).toBe(true);
    expect(await payers(teller, `&search=${foreign.idNumber}`)).toEqual([]);
    expect(has(await payers(cfo, `&search=${foreign.idNumber}`), 'student', foreign.id)).toBe(true);
    const count = await t.call({ method: 'GET', url: '/api/balances/count', token: teller });
    expect(count.json().total).toBe(listed.length);
  });

  it("the payer lookup of a branch's finance finds its branch's students only", async () => {
    const foreign = await studentWithBalanceIn('JED-01');
    const fields = newStaffFields(
      { tellerGroupId: await groupIdOf(t, 'Finance'), branchId: await branchIdOf(t, 'RUH-01') },
      { type: 'branchaccountant' },
    );
    const admin = (await t.loginAs('super admin')).token;
    const created = await t.call({ method: 'POST', url: '/api/users', token: admin, payload: fields });
    expect(created.statusCode).toBe(201);
    const branchFinance = await tokenOf(t, fields.email, fields.password);
    const url = `/api/advance-payments/payers?search=${foreign.idNumber}`;
    expect((await t.call({ method: 'GET', url, token: branchFinance })).json()).toEqual([]);
    const headOffice = (await t.call({ method: 'GET', url, token: cfo })).json();
    expect(headOffice).toEqual([expect.objectContaining({ payerKind: 'student', payerId: foreign.id })]);
  });
});

describe('the advances policy', () => {
  it('tells finance with create_10 it may record an advance, and a teller and a student that they may not', async () => {
    const abilitiesOf = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities
        .advances;
    expect(await abilitiesOf(cfo)).toEqual({ create: true });
    expect(await abilitiesOf(teller)).toEqual({ create: false });
    expect(await abilitiesOf(student)).toEqual({ create: false });
  });
});
