import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, payments, products, users, walletEntries } from '../../db/schema/index.ts';
import { demoEmailOf } from '../../seed/demo-users.ts';
import { entryOf } from '../../test/journal.ts';
import { demoStudentId, newBooking, PRICE, sendWire } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: string;
let teller: string;
let tellerBranch: number | null = null;
let cfo: string;
let instructor: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  teller = (await t.loginAs('Teller')).token;
  cfo = (await t.loginAs('CFO')).token;
  instructor = (await t.loginAs('Instructor')).token;
  const [tellerUser] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  tellerBranch = tellerUser?.branchId ?? null;
});
afterAll(async () => {
  await t.close();
});

const pay = (token: string, payload: object) =>
  t.call({
    method: 'POST',
    url: '/api/payments',
    token,
    payload,
    headers: { 'idempotency-key': randomUUID() },
  });

const LOCAL = '127.0.0.1';

/** The payer approves at the development gateway and comes back to the callback. */
async function approveCard(redirectUrl: string) {
  const pressed = await t.call({
    method: 'POST',
    url: redirectUrl,
    remoteAddress: LOCAL,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=approve',
  });
  await t.call({ method: 'GET', url: String(pressed.headers.location) });
}

const today = () => centreDay(new Date());
const BOOKING_CREDITS = {
  revenue: { debit: 0, credit: PRICE.originalFee },
  amana_payable: { debit: 0, credit: PRICE.amanaFee },
  vat_payable: { debit: 0, credit: PRICE.vat },
};

describe('posting of payments (the chart of issue 13)', () => {
  it('cash at the counter: Dr cash, Cr revenue, the Amanah share and VAT, on the day it was paid', async () => {
    const booking = await newBooking(t);
    const paid = (await pay(teller, { bookingId: booking.id, method: 'cash' })).json();
    const entry = await entryOf(t.db, 'payment', paid.id);
    expect(entry).toMatchObject({ day: today(), branchId: tellerBranch });
    expect(entry?.lines).toEqual({ cash: { debit: PRICE.total, credit: 0 }, ...BOOKING_CREDITS });
  });

  it('POS at the counter goes to card clearing', async () => {
    const booking = await newBooking(t);
    const paid = (await pay(teller, { bookingId: booking.id, method: 'pos', posReference: 'T-1' })).json();
    expect((await entryOf(t.db, 'payment', paid.id))?.lines).toEqual({
      card_clearing: { debit: PRICE.total, credit: 0 },
      ...BOOKING_CREDITS,
    });
  });

  it('a card confirmed by the gateway goes to card clearing, once, and not before it is paid', async () => {
    const booking = await newBooking(t);
    const created = (await pay(student, { bookingId: booking.id, method: 'card' })).json();
    expect(await entryOf(t.db, 'payment', created.id)).toBeUndefined();
    await approveCard(created.redirectUrl);
    const entry = await entryOf(t.db, 'payment', created.id);
    expect(entry?.lines).toEqual({ card_clearing: { debit: PRICE.total, credit: 0 }, ...BOOKING_CREDITS });
  });

  it('a product bought by card: revenue and VAT, no Amanah line', async () => {
    const [product] = await t.db.select().from(products).where(eq(products.status, 'active')).limit(1);
    if (!product) throw new Error('no demo product');
    const created = (await pay(student, { productId: product.id, quantity: 2, method: 'card' })).json();
    await approveCard(created.redirectUrl);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, created.id));
    expect((await entryOf(t.db, 'payment', created.id))?.lines).toEqual({
      card_clearing: { debit: row?.amount, credit: 0 },
      revenue: { debit: 0, credit: row?.subtotal },
      vat_payable: { debit: 0, credit: row?.vat },
    });
  });

  it('a wire posts to the bank when finance confirms it', async () => {
    const booking = await newBooking(t);
    const sent = (await sendWire(t, { token: student, bookingId: booking.id })).json();
    expect(await entryOf(t.db, 'payment', sent.id)).toBeUndefined();
    const confirmed = await t.call({
      method: 'POST',
      url: `/api/payments/${sent.id}/confirm-wire`,
      token: cfo,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await entryOf(t.db, 'payment', sent.id))?.lines).toEqual({
      bank: { debit: PRICE.total, credit: 0 },
      ...BOOKING_CREDITS,
    });
  });

  it('paid from the balance: Dr customer balances', async () => {
    const studentId = await demoStudentId(t);
    await t.db.insert(walletEntries).values({ studentId, kind: 'credit', amount: PRICE.total, note: 'test' });
    const booking = await newBooking(t);
    const paid = await pay(student, { bookingId: booking.id, method: 'balance' });
    expect(paid.statusCode).toBe(201);
    expect((await entryOf(t.db, 'payment', paid.json().id))?.lines).toEqual({
      customer_balances: { debit: PRICE.total, credit: 0 },
      ...BOOKING_CREDITS,
    });
  });

  it('a paid booking cancelled into the balance: its credit note reverses revenue, Amanah and VAT into the balance', async () => {
    const booking = await newBooking(t);
    await pay(teller, { bookingId: booking.id, method: 'cash' });
    const cancelled = await t.call({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      token: student,
      payload: { reason: 'changed plans' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(cancelled.statusCode).toBe(200);
    const entry = await entryOf(t.db, 'credit_note', cancelled.json().creditNoteId);
    expect(entry).toMatchObject({ day: today() });
    expect(entry?.lines).toEqual({
      revenue: { debit: PRICE.originalFee, credit: 0 },
      amana_payable: { debit: PRICE.amanaFee, credit: 0 },
      vat_payable: { debit: PRICE.vat, credit: 0 },
      customer_balances: { debit: 0, credit: PRICE.total },
    });
  });
});

describe('GET /api/journal', () => {
  it('lists entries with their lines by period, for read_10 only', async () => {
    const booking = await newBooking(t);
    const paid = (await pay(teller, { bookingId: booking.id, method: 'cash' })).json();
    const url = `/api/journal?from=${today()}&to=${today()}&source=payment&sort=day&order=desc&limit=100`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: instructor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url, token: student })).statusCode).toBe(403);
    const listed = await t.call({ method: 'GET', url, token: cfo });
    expect(listed.statusCode).toBe(200);
    const entry = listed
      .json()
      .items.find((item: { sourceId: number; source: string }) => item.sourceId === paid.id);
    expect(entry).toMatchObject({ day: today(), source: 'payment', total: PRICE.total });
    expect(entry.lines).toContainEqual(
      expect.objectContaining({ role: 'cash', debit: PRICE.total, credit: 0, naturalAccount: '110100' }),
    );
    for (const item of listed.json().items) expect(item.day).toBe(today());

    const count = await t.call({ method: 'GET', url: `/api/journal/count?from=${today()}`, token: cfo });
    expect(count.statusCode).toBe(200);
    expect(count.json().total).toBeGreaterThan(0);
    const none = await t.call({ method: 'GET', url: '/api/journal?to=2001-01-01', token: cfo });
    expect(none.json()).toEqual({ items: [], nextCursor: null });
    const searched = await t.call({
      method: 'GET',
      url: `/api/journal?search=${encodeURIComponent(`payment ${paid.id} by`)}`,
      token: cfo,
    });
    expect(searched.json().items.map((item: { sourceId: number }) => item.sourceId)).toEqual([paid.id]);
  });

  it('a branch-bound reader (the teller) sees its branch only; pages follow the cursor', async () => {
    const listed = await t.call({ method: 'GET', url: '/api/journal?limit=100', token: teller });
    expect(listed.statusCode).toBe(200);
    const branches = new Set(listed.json().items.map((item: { branchId: number | null }) => item.branchId));
    expect(tellerBranch).not.toBeNull();
    expect([...branches]).toEqual([tellerBranch]);
    const all = (await t.call({ method: 'GET', url: '/api/journal?limit=100', token: cfo })).json();
    expect(all.items.some((item: { branchId: number | null }) => item.branchId !== tellerBranch)).toBe(true);
    const first = (await t.call({ method: 'GET', url: '/api/journal?limit=2', token: cfo })).json();
    expect(first.items).toHaveLength(2);
    const next = (
      await t.call({ method: 'GET', url: `/api/journal?limit=2&cursor=${first.nextCursor}`, token: cfo })
    ).json();
    const ids = [...first.items, ...next.items].map((item: { id: number }) => item.id);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('GET /api/journal/export', () => {
  it('CSV: UTF-8 with BOM, a header, one row per line in SAR with two decimals', async () => {
    const booking = await newBooking(t);
    const paid = (await pay(teller, { bookingId: booking.id, method: 'cash' })).json();
    const url = `/api/journal/export?from=${today()}&to=${today()}&format=csv`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: instructor })).statusCode).toBe(403);
    const response = await t.call({ method: 'GET', url, token: cfo });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`journal-${today()}-${today()}.csv`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(header?.split(',')).toEqual([
      'Date',
      'Entry ID',
      'Source',
      'Source ID',
      'Memo',
      'Department',
      'Business unit',
      'Organization',
      'Natural account',
      'Main account',
      'Debit (SAR)',
      'Credit (SAR)',
    ]);
    const cells = rows.map((row) => row.split(','));
    const own = cells.filter((row) => row[2] === 'payment' && row[3] === String(paid.id));
    expect(own.map((row) => [row[0], row[8], row[10], row[11]])).toEqual([
      [today(), '110100', '241.50', '0.00'],
      [today(), '410000', '0.00', '200.00'],
      [today(), '220200', '0.00', '10.00'],
      [today(), '220100', '0.00', '31.50'],
    ]);
    const debit = cells.reduce((sum, row) => sum + Math.round(Number(row[10]) * 100), 0);
    const credit = cells.reduce((sum, row) => sum + Math.round(Number(row[11]) * 100), 0);
    expect(debit).toBe(credit);
  });

  it('XLSX: the same rows read back from the workbook, headings in the caller’s language', async () => {
    const booking = await newBooking(t);
    const paid = (await pay(teller, { bookingId: booking.id, method: 'pos', posReference: 'X' })).json();
    const response = await t.call({
      method: 'GET',
      url: `/api/journal/export?from=${today()}&to=${today()}&format=xlsx`,
      token: cfo,
      lang: 'ar',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('التاريخ');
    const rows: unknown[][] = [];
    sheet?.eachRow((row, index) => {
      if (index > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const own = rows.filter((row) => row[2] === 'payment' && row[3] === paid.id);
    expect(own.map((row) => [row[8], row[10], row[11]])).toEqual([
      ['110300', 241.5, 0],
      ['410000', 0, 200],
      ['220200', 0, 10],
      ['220100', 0, 31.5],
    ]);
  });

  it('refuses a period that ends before it starts or spans more than a year', async () => {
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=2024-01-01&to=2025-06-01']) {
      const response = await t.call({ method: 'GET', url: `/api/journal/export?${query}`, token: cfo });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('JOURNAL_PERIOD_INVALID');
    }
    expect(
      (await t.call({ method: 'GET', url: '/api/journal/export?from=2026-01-01', token: cfo })).statusCode,
    ).toBe(400);
  });
});

describe('ledger setup: roles and deletion', () => {
  const account = (suffix: string, role?: string | null) => ({
    department: 'Finance',
    businessUnit: 'Head office',
    organization: 'Tasreeh Training',
    naturalAccount: `9${suffix}`,
    mainAccount: `Test ${suffix}`,
    ...(role === undefined ? {} : { role }),
  });

  it('shows each account’s role; a role already on another account is refused with 409, clear it first', async () => {
    const list = await t.call({ method: 'GET', url: '/api/ledger-accounts?limit=100', token: cfo });
    const cash = list.json().items.find((item: { role: string | null }) => item.role === 'cash');
    expect(cash).toMatchObject({ naturalAccount: '110100' });
    const created = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: account('001', 'cash'),
    });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({
      code: 'LEDGER_ROLE_TAKEN',
      fields: { role: 'LEDGER_ROLE_TAKEN' },
    });
    const plain = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: account('002'),
    });
    expect(plain.statusCode).toBe(201);
    const id = plain.json().id;
    const taken = await t.call({
      method: 'PATCH',
      url: `/api/ledger-accounts/${id}`,
      token: cfo,
      payload: account('002', 'cash'),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('LEDGER_ROLE_TAKEN');
    // Moved: cleared on the old account, then set on the new one; the journal posts cash there.
    const { id: _id, role: _role, abilities: _abilities, ...segments } = cash;
    const cleared = await t.call({
      method: 'PATCH',
      url: `/api/ledger-accounts/${cash.id}`,
      token: cfo,
      payload: { ...segments, role: null },
    });
    expect(cleared.statusCode).toBe(200);
    const moved = await t.call({
      method: 'PATCH',
      url: `/api/ledger-accounts/${id}`,
      token: cfo,
      payload: account('002', 'cash'),
    });
    expect(moved.statusCode).toBe(200);
    const booking = await newBooking(t);
    const paid = (await pay(teller, { bookingId: booking.id, method: 'cash' })).json();
    const [line] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
    expect(line?.role).toBe('cash');
    const entry = await t.call({
      method: 'GET',
      url: `/api/journal?search=${encodeURIComponent(`payment ${paid.id} by`)}`,
      token: cfo,
    });
    expect(entry.json().items[0].lines[0]).toMatchObject({ accountId: id, role: 'cash' });
    // An edit that leaves the role out keeps it.
    const kept = await t.call({
      method: 'PATCH',
      url: `/api/ledger-accounts/${id}`,
      token: cfo,
      payload: { ...account('002'), mainAccount: 'Till' },
    });
    expect(kept.statusCode).toBe(200);
    const after = await t.call({ method: 'GET', url: `/api/ledger-accounts/${id}`, token: cfo });
    expect(after.json()).toMatchObject({ role: 'cash', mainAccount: 'Till' });
  });

  it('an account with journal lines cannot be deleted; one without can, by finance with delete only', async () => {
    const list = await t.call({ method: 'GET', url: '/api/ledger-accounts?limit=100', token: cfo });
    const revenue = list.json().items.find((item: { role: string | null }) => item.role === 'revenue');
    const inUse = await t.call({ method: 'DELETE', url: `/api/ledger-accounts/${revenue.id}`, token: cfo });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('LEDGER_ACCOUNT_IN_USE');
    const spare = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: account('003'),
    });
    const url = `/api/ledger-accounts/${spare.json().id}`;
    expect((await t.call({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url, token: teller })).statusCode).toBe(403);
    const deleted = await t.call({ method: 'DELETE', url, token: cfo, lang: 'ar' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('تم حذف الحساب.');
    expect((await t.call({ method: 'GET', url, token: cfo })).statusCode).toBe(404);
  });
});
