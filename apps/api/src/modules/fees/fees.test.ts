import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { atOnce, expectOneWinner, RACERS } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cfo: string;
beforeAll(async () => {
  t = await buildTestApp();
  cfo = (await t.loginAs('CFO')).token;
});
afterAll(async () => {
  await t.close();
});

let seed = 0;
function newSetup(overrides: Record<string, unknown> = {}) {
  seed++;
  return {
    nameEn: `Barber course ${seed}`,
    nameAr: `دورة الحلاقة ${seed}`,
    service: 'course',
    originalFee: '200',
    amanaFeeKind: 'percent',
    amanaFee: '10',
    vatRate: '15',
    vatOnOriginal: true,
    vatOnAmana: true,
    ...overrides,
  };
}

describe('fee setups', () => {
  it('lists the seeded setups with totals computed by the shared money module', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/fee-setups?service=retake', token: cfo })).json();
    expect(page.items[0]).toMatchObject({ originalFee: 15_000, breakdown: { vat: 2_250, total: 17_250 } });
    const counted = await t.call({ method: 'GET', url: '/api/fee-setups/count?service=retake', token: cfo });
    expect(counted.json()).toEqual({ total: page.items.length, capped: false });
  });

  it('creates a setup from riyals typed in any digits, and answers with the halala breakdown', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/fee-setups',
      token: cfo,
      payload: newSetup({ originalFee: '٢٠٠٫٠٠' }),
    });
    expect(response.statusCode).toBe(201);
    const setup = (
      await t.call({ method: 'GET', url: `/api/fee-setups/${response.json().id}`, token: cfo })
    ).json();
    // 200.00 + 10 % Amana (20.00) + 15 % VAT on both (33.00) = 253.00
    expect(setup).toMatchObject({
      originalFee: 20_000,
      amanaFee: 1_000,
      vatRate: 1_500,
      breakdown: { amanaFee: 2_000, vat: 3_300, total: 25_300 },
    });
  });

  it.each([
    [{ originalFee: '12.345' }, 'originalFee', 'Please enter a valid amount in riyals.'],
    [{ amanaFee: '150' }, 'amanaFee', 'Please enter a percentage from 0 to 100.'],
    [{ amanaFeeKind: 'amount', amanaFee: 'x' }, 'amanaFee', 'Please enter a valid amount in riyals.'],
    [{ vatRate: '101' }, 'vatRate', 'Please enter a percentage from 0 to 100.'],
    [{ nameEn: '' }, 'nameEn', 'Please enter name'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/fee-setups',
      token: cfo,
      payload: newSetup(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('refuses a taken name and audits a price change', async () => {
    const setup = newSetup();
    const { id } = (
      await t.call({ method: 'POST', url: '/api/fee-setups', token: cfo, payload: setup })
    ).json();
    const again = await t.call({ method: 'POST', url: '/api/fee-setups', token: cfo, payload: setup });
    expect(again.json().message).toBe('Name already exists');
    const changed = await t.call({
      method: 'PATCH',
      url: `/api/fee-setups/${id}`,
      token: cfo,
      payload: { ...setup, originalFee: '250' },
    });
    expect(changed.json().message).toBe('Records have been updated.');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'fees.update'));
    expect(audit?.before).toMatchObject({ originalFee: 20_000 });
    expect(audit?.after).toMatchObject({ originalFee: 25_000 });
  });

  it('keeps fees to finance: read for tellers, no changes; nothing for instructors', async () => {
    const teller = await t.loginAs('Teller');
    const read = await t.call({ method: 'GET', url: '/api/fee-setups', token: teller.token });
    expect(read.statusCode).toBe(200);
    // The policy's abilities: finance (edit_10) may change a setup, a teller (read_10 only) not.
    expect(read.json().items[0].abilities).toEqual({ update: false });
    const own = (await t.call({ method: 'GET', url: '/api/fee-setups/1', token: cfo })).json();
    expect(own.abilities).toEqual({ update: true });
    const session = (token: string) =>
      t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} }).then((r) => r.json());
    expect((await session(teller.token)).abilities.fees).toEqual({ create: false });
    expect((await session(cfo)).abilities.fees).toEqual({ create: true });
    const denied = await t.call({
      method: 'PATCH',
      url: '/api/fee-setups/1',
      token: teller.token,
      payload: newSetup(),
    });
    expect(denied.statusCode).toBe(403);
    const instructor = await t.loginAs('Instructor');
    expect(
      (await t.call({ method: 'GET', url: '/api/fee-setups', token: instructor.token })).statusCode,
    ).toBe(403);
  });
});

describe('ledger accounts', () => {
  const account = {
    department: 'Retakes',
    businessUnit: 'Jeddah',
    organization: 'Tasreeh',
    naturalAccount: '410300',
    mainAccount: 'Retake revenue',
  };

  it('lists seeded accounts in keyset pages, sorted and searched on the server', async () => {
    const first = (await t.call({ method: 'GET', url: '/api/ledger-accounts?limit=1', token: cfo })).json();
    expect(first.items).toHaveLength(1);
    const counted = (await t.call({ method: 'GET', url: '/api/ledger-accounts/count', token: cfo })).json();
    expect(counted.total).toBeGreaterThanOrEqual(2);
    const next = (
      await t.call({
        method: 'GET',
        url: `/api/ledger-accounts?limit=1&cursor=${first.nextCursor}`,
        token: cfo,
      })
    ).json();
    expect(next.items[0].id).not.toBe(first.items[0].id);
    const found = (
      await t.call({ method: 'GET', url: '/api/ledger-accounts?search=%D9%A4%D9%A1%D9%A0%D9%A2', token: cfo })
    ).json();
    expect(found.items.map((row: { naturalAccount: string }) => row.naturalAccount)).toEqual(['410200']);
    const sorted = (
      await t.call({ method: 'GET', url: '/api/ledger-accounts?sort=naturalAccount&order=desc', token: cfo })
    ).json();
    const numbers = sorted.items.map((row: { naturalAccount: string }) => row.naturalAccount);
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it('adds, reads and edits an account, audited, and refuses a blank segment', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: account,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Records have been saved.');
    const id = created.json().id;
    expect((await t.call({ method: 'GET', url: `/api/ledger-accounts/${id}`, token: cfo })).json()).toEqual({
      id,
      ...account,
      role: null,
      abilities: { update: true, delete: true },
    });
    const blank = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: { ...account, mainAccount: '' },
    });
    expect(blank.json()).toMatchObject({
      message: 'This field is required.',
      fields: { mainAccount: 'REQUIRED' },
    });
    const edited = await t.call({
      method: 'PATCH',
      url: `/api/ledger-accounts/${id}`,
      token: cfo,
      payload: { ...account, businessUnit: 'Makkah' },
    });
    expect(edited.json().message).toBe('Records have been updated.');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ledger.update'));
    expect(audit?.before).toMatchObject({ businessUnit: 'Jeddah' });
    expect(audit?.after).toMatchObject({ businessUnit: 'Makkah' });
  });

  it('refuses the same five segments twice, on add and on edit', async () => {
    const segments = { ...account, naturalAccount: '410900' };
    await t.call({ method: 'POST', url: '/api/ledger-accounts', token: cfo, payload: segments });
    const again = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: segments,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Records already registered with this information.');
    const other = await t.call({
      method: 'POST',
      url: '/api/ledger-accounts',
      token: cfo,
      payload: { ...segments, naturalAccount: '410901' },
    });
    const clash = await t.call({
      method: 'PATCH',
      url: `/api/ledger-accounts/${other.json().id}`,
      token: cfo,
      payload: segments,
      lang: 'ar',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.mainAccount).toBe('RECORDS_ALREADY_REGISTERED');
  });

  it('answers 404 for an unknown account and keeps changes to finance', async () => {
    expect((await t.call({ method: 'GET', url: '/api/ledger-accounts/999999', token: cfo })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'PATCH', url: '/api/ledger-accounts/999999', token: cfo, payload: account }))
        .statusCode,
    ).toBe(404);
    const teller = await t.loginAs('Teller');
    const read = await t.call({ method: 'GET', url: '/api/ledger-accounts/1', token: teller.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().abilities).toEqual({ update: false, delete: false });
    const listed = (await t.call({ method: 'GET', url: '/api/ledger-accounts', token: cfo })).json();
    expect(listed.items[0].abilities).toEqual({ update: true, delete: true });
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: '/api/ledger-accounts/1',
          token: teller.token,
          payload: account,
        })
      ).statusCode,
    ).toBe(403);
    const instructor = await t.loginAs('Instructor');
    expect(
      (await t.call({ method: 'GET', url: '/api/ledger-accounts', token: instructor.token })).statusCode,
    ).toBe(403);
  });
});

describe('two simultaneous submits of one fee setup or ledger account', () => {
  const post = (url: string, payload: object) => t.call({ method: 'POST', url, token: cfo, payload });

  it('saves one and answers the other with the duplicate message, not a 500', async () => {
    const setup = newSetup();
    const setups = await Promise.all([post('/api/fee-setups', setup), post('/api/fee-setups', setup)]);
    expect(setups.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(setups.find((r) => r.statusCode === 409)?.json().message).toBe('Name already exists');
    const account = {
      department: 'Courses',
      businessUnit: 'Dammam',
      organization: 'Tasreeh',
      naturalAccount: '410777',
      mainAccount: 'Course revenue',
    };
    const accounts = await Promise.all([
      post('/api/ledger-accounts', account),
      post('/api/ledger-accounts', account),
    ]);
    expect(accounts.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(accounts.find((r) => r.statusCode === 409)?.json().message).toBe(
      'Records already registered with this information.',
    );
  });
});

describe('identical changes at once (races on PostgreSQL with TEST_DATABASE_URL)', () => {
  const post = (url: string, payload: object) => t.call({ method: 'POST', url, token: cfo, payload });
  const patch = (url: string, payload: object) => t.call({ method: 'PATCH', url, token: cfo, payload });
  let ledgerSeed = 0;
  const newAccount = () => ({
    department: 'Races',
    businessUnit: 'Riyadh',
    organization: 'Tasreeh',
    naturalAccount: String(420_000 + ++ledgerSeed),
    mainAccount: 'Race revenue',
  });
  /** `RACERS` saved rows of a kind, for races to rename them all to one value. */
  async function savedIds(url: string, make: () => object) {
    const ids: number[] = [];
    for (let index = 0; index < RACERS; index++) ids.push((await post(url, make())).json().id);
    return ids;
  }

  it('adds one fee setup and answers the others "Name already exists" on its name', async () => {
    const setup = newSetup();
    expectOneWinner(await atOnce(() => post('/api/fee-setups', setup)), 201, {
      code: 'NAME_EXISTS',
      field: 'nameEn',
    });
  });

  it('gives one fee setup a name taken by none and refuses the others, in either language', async () => {
    const ids = await savedIds('/api/fee-setups', () => newSetup());
    const english = newSetup();
    const renamed = await atOnce((index) => patch(`/api/fee-setups/${ids[index]}`, english));
    expectOneWinner(renamed, 200, { code: 'NAME_EXISTS', field: 'nameEn' });
    const arabic = newSetup().nameAr;
    const responses = await atOnce((index) =>
      patch(`/api/fee-setups/${ids[index]}`, newSetup({ nameAr: arabic })),
    );
    expectOneWinner(responses, 200, { code: 'NAME_EXISTS', field: 'nameAr' });
  });

  it('adds one ledger account and answers the others that it is registered', async () => {
    const account = newAccount();
    expectOneWinner(await atOnce(() => post('/api/ledger-accounts', account)), 201, {
      code: 'RECORDS_ALREADY_REGISTERED',
      field: 'mainAccount',
    });
  });

  it('gives one ledger account a free combination and refuses the others', async () => {
    const ids = await savedIds('/api/ledger-accounts', newAccount);
    const segments = newAccount();
    expectOneWinner(await atOnce((index) => patch(`/api/ledger-accounts/${ids[index]}`, segments)), 200, {
      code: 'RECORDS_ALREADY_REGISTERED',
      field: 'mainAccount',
    });
  });
});

describe('an edit without the active flag', () => {
  it('keeps an inactive fee setup inactive; a new one is active', async () => {
    const setup = newSetup();
    const { id } = (
      await t.call({ method: 'POST', url: '/api/fee-setups', token: cfo, payload: setup })
    ).json();
    const read = async () =>
      (await t.call({ method: 'GET', url: `/api/fee-setups/${id}`, token: cfo })).json();
    expect((await read()).active).toBe(true);
    const patch = (payload: object) =>
      t.call({ method: 'PATCH', url: `/api/fee-setups/${id}`, token: cfo, payload });
    await patch({ ...setup, active: false });
    expect((await patch({ ...setup, originalFee: '210' })).statusCode).toBe(200);
    expect((await read()).active).toBe(false);
  });
});
