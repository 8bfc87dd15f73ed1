import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../db/schema/index.ts';
import { lastSentPassword } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

let seed = 0;
function newCorporate(overrides: Record<string, unknown> = {}) {
  seed++;
  return {
    nameEn: `Golden Bakery ${seed}`,
    nameAr: `مخبز الذهب ${seed}`,
    crNumber: `40300000${String(seed).padStart(2, '0')}`,
    crExpiry: '2028-01-31',
    vatNumber: '300000000000003',
    type: 'establishment',
    representativeName: 'Saleh Al-Amri',
    representativeEmail: `rep${seed}@golden.test`,
    representativePhone: `05700000${String(seed).padStart(2, '0')}`,
    headOfficeRegion: 'SA-02',
    headOfficeCity: 'jeddah',
    virtualIban: 'SA03 8000 0000 6080 1016 7519',
    ...overrides,
  };
}
const create = (payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/corporates', token: admin, payload, lang });

describe('corporates', () => {
  it('adds a corporate whose own login gets a password by SMS and must be changed at first login', async () => {
    const corporate = newCorporate();
    const response = await create(corporate);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Password has been sent to you');
    const [sms] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(sms?.recipient).toBe(`+966${corporate.representativePhone.slice(1)}`);
    const password = await lastSentPassword(t);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: corporate.crNumber, password },
    });
    expect(login.json()).toMatchObject({
      type: 'corporate',
      changePassword: true,
      corporateId: response.json().id,
    });
    const detail = (
      await t.call({ method: 'GET', url: `/api/corporates/${response.json().id}`, token: admin })
    ).json();
    expect(detail).toMatchObject({
      virtualIban: 'SA0380000000608010167519',
      headOfficeCity: 'jeddah',
      studentCount: 0,
    });
  });

  it('lists and searches corporates', async () => {
    await create(newCorporate({ nameEn: 'Unique Laundry Co' }));
    const found = (
      await t.call({ method: 'GET', url: '/api/corporates?search=unique%20laundry', token: admin })
    ).json();
    expect(found.items.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Unique Laundry Co']);
    const all = (await t.call({ method: 'GET', url: '/api/corporates?limit=1', token: admin })).json();
    expect(all.items).toHaveLength(1);
    expect(all.nextCursor).not.toBeNull();
  });

  it('finds a corporate by its VAT number or its CR number typed in Arabic digits', async () => {
    const corporate = newCorporate({ nameEn: 'Taxed Sweets', vatNumber: '311122233300003' });
    await create(corporate);
    const names = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/corporates?${query}`, token: admin }))
        .json()
        .items.map((c: { nameEn: string }) => c.nameEn);
    expect(await names('search=3111222333')).toEqual(['Taxed Sweets']);
    const arabicCr = corporate.crNumber.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit);
    expect(await names(`search=${encodeURIComponent(arabicCr)}`)).toEqual(['Taxed Sweets']);
  });

  it('filters by type and head-office region, and refuses an unknown region', async () => {
    await create(
      newCorporate({
        nameEn: 'Eastern Government Kitchen',
        type: 'government',
        headOfficeRegion: 'SA-04',
        headOfficeCity: 'dammam',
      }),
    );
    const page = (
      await t.call({ method: 'GET', url: '/api/corporates?type=government&region=SA-04', token: admin })
    ).json();
    expect(page.items.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Eastern Government Kitchen']);
    const counted = await t.call({
      method: 'GET',
      url: '/api/corporates/count?type=government&region=SA-04',
      token: admin,
    });
    expect(counted.json()).toEqual({ total: 1, capped: false });
    const bad = await t.call({ method: 'GET', url: '/api/corporates?region=XX', token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select region');
  });

  it.each([
    [{ crNumber: '12345' }, 'crNumber', 'The commercial registration number must be 10 digits.'],
    [{ nameEn: 'مخبز الذهب' }, 'nameEn', 'Please enter the name in English letters'],
    [
      { vatNumber: '123456789012345' },
      'vatNumber',
      'The VAT number must be 15 digits, starting and ending with 3.',
    ],
    [
      { virtualIban: 'SA0380000000608010167518' },
      'virtualIban',
      'Please enter a valid Saudi IBAN (SA followed by 22 digits).',
    ],
    [{ headOfficeCity: 'riyadh' }, 'headOfficeCity', 'Please select city'],
    [{ representativePhone: '99' }, 'representativePhone', 'Phone number must be valid'],
    [{ guarantorIdNumber: '1000000001' }, 'guarantorIdNumber', 'The ID number is not valid.'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await create(newCorporate(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('refuses a second corporate with the same CR number or representative', async () => {
    const first = newCorporate();
    await create(first);
    const sameCr = await create(newCorporate({ crNumber: first.crNumber }), 'ar');
    expect(sameCr.statusCode).toBe(409);
    expect(sameCr.json().message).toBe('توجد سجلات مسجلة مسبقاً بهذه المعلومات.');
    expect((await create(newCorporate({ representativeEmail: first.representativeEmail }))).statusCode).toBe(
      409,
    );
  });

  it('updates a corporate and its login together, with an audit row', async () => {
    const corporate = newCorporate();
    const { id } = (await create(corporate)).json();
    const changed = newCorporate({
      crNumber: corporate.crNumber,
      nameEn: 'Golden Bakery Group',
      representativeEmail: corporate.representativeEmail,
      representativePhone: corporate.representativePhone,
    });
    const response = await t.call({
      method: 'PATCH',
      url: `/api/corporates/${id}`,
      token: admin,
      payload: changed,
    });
    expect(response.json().message).toBe('Records have been updated.');
    expect((await t.call({ method: 'GET', url: `/api/corporates/${id}`, token: admin })).json().nameEn).toBe(
      'Golden Bakery Group',
    );
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'corporate.update'));
    expect(audit.some((row) => row.entityId === String(id))).toBe(true);
  });

  it('refuses callers without the corporates rights', async () => {
    for (const type of ['Instructor', 'student', 'corporate'] as const) {
      const { token } = await t.loginAs(type);
      expect((await t.call({ method: 'GET', url: '/api/corporates', token })).statusCode, type).toBe(403);
    }
    const teller = await t.loginAs('Teller');
    expect(
      (await t.call({ method: 'POST', url: '/api/corporates', token: teller.token, payload: newCorporate() }))
        .statusCode,
    ).toBe(403);
  });
});

describe('two simultaneous submits of one corporate', () => {
  it('saves one and answers the other with the duplicate message, not a 500', async () => {
    const corporate = newCorporate();
    const responses = await Promise.all([create(corporate), create(corporate)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(
      'Records already registered with this information.',
    );
  });
});

describe("what the corporates policy lets a caller do, as a corporate's abilities carry it", () => {
  it('lets the super admin edit a corporate, in its detail and in the list; a teller only read it', async () => {
    const { id } = (await create(newCorporate())).json();
    const teller = (await t.loginAs('Teller')).token;
    const detailOf = async (token: string) =>
      (await t.call({ method: 'GET', url: `/api/corporates/${id}`, token })).json();
    expect((await detailOf(admin)).abilities).toEqual({ edit: true });
    expect((await detailOf(teller)).abilities).toEqual({ edit: false });
    const listed = (await t.call({ method: 'GET', url: '/api/corporates?limit=100', token: teller })).json();
    expect(listed.items.every((item: { abilities: { edit: boolean } }) => !item.abilities.edit)).toBe(true);
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: `/api/corporates/${id}`,
          token: teller,
          payload: newCorporate(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('sends the caller abilities of the area with the session check: the super admin adds corporates, a teller does not', async () => {
    const abilitiesOf = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities;
    expect((await abilitiesOf(admin)).corporates).toEqual({ create: true });
    expect((await abilitiesOf((await t.loginAs('Teller')).token)).corporates).toEqual({ create: false });
  });
});
