import { USER_TYPES } from '@tasreeh/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../db/schema/index.ts';
import { lastSentPassword } from '../../test/accounts.ts';
import { newCenterFields, registerVerifiedCenter } from '../../test/centers.ts';
import { atOnce, expectOneWinner, RACERS } from '../../test/races.ts';
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

const create = (payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/centers', token: admin, payload, lang });
const list = async (query: string) =>
  (await t.call({ method: 'GET', url: `/api/centers?${query}`, token: admin })).json();
const withoutKind = ({ kind: _kind, ...fields }: ReturnType<typeof newCenterFields>) => fields;

describe('centres in the back office', () => {
  it('adds an approved centre whose login gets a password by SMS', async () => {
    const center = newCenterFields('medical');
    const response = await create(center);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Password has been sent to you');
    const [sms] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(sms).toMatchObject({ channel: 'sms', recipient: `+966${center.mobile.slice(1)}` });
    const password = await lastSentPassword(t);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: center.email, password },
    });
    expect(login.json()).toMatchObject({ type: 'medical center', changePassword: true });
    const detail = (
      await t.call({ method: 'GET', url: `/api/centers/${response.json().id}`, token: admin })
    ).json();
    expect(detail).toMatchObject({
      status: 'approved',
      kind: 'medical',
      email: center.email,
      city: 'riyadh',
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'center.create'));
    expect(audit.some((row) => row.entityId === String(response.json().id))).toBe(true);
  });

  it('edits a centre and its login together, with an audit row; the kind cannot be changed', async () => {
    const center = newCenterFields('training');
    const { id } = (await create(center)).json();
    const changed = {
      ...withoutKind(center),
      nameEn: 'Hygiene Skills Academy',
      email: `new.${center.email}`,
    };
    const response = await t.call({
      method: 'PATCH',
      url: `/api/centers/${id}`,
      token: admin,
      payload: changed,
    });
    expect(response.json().message).toBe('Records have been updated.');
    const detail = (await t.call({ method: 'GET', url: `/api/centers/${id}`, token: admin })).json();
    expect(detail).toMatchObject({ nameEn: 'Hygiene Skills Academy', email: changed.email });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'center.update'));
    expect(audit.some((row) => row.entityId === String(id))).toBe(true);

    const kindChange = await t.call({
      method: 'PATCH',
      url: `/api/centers/${id}`,
      token: admin,
      payload: { ...changed, kind: 'medical' },
    });
    expect(kindChange.json().code).toBe('UNKNOWN_FIELD');
    const missing = await t.call({
      method: 'PATCH',
      url: '/api/centers/999999',
      token: admin,
      payload: changed,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a name another centre of the kind has, when adding and when editing', async () => {
    const first = newCenterFields('training');
    await create(first);
    const clash = await create(newCenterFields('training', { nameEn: first.nameEn.toUpperCase() }), 'ar');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('الاسم موجود مسبقاً');
    const second = newCenterFields('training');
    const { id } = (await create(second)).json();
    const edit = await t.call({
      method: 'PATCH',
      url: `/api/centers/${id}`,
      token: admin,
      payload: { ...withoutKind(second), crNumber: first.crNumber },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('Records already registered with this information.');
  });

  it.each([
    [
      { vatNumber: '300000000000004' },
      'vatNumber',
      'The VAT number must be 15 digits, starting and ending with 3.',
    ],
    [{ licenceExpiry: '2020-02-02' }, 'licenceExpiry', 'The expiry date has already passed.'],
    [{ mobile: '0512' }, 'mobile', 'Phone number must be valid'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await create(newCenterFields('training', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { [field]: expect.any(String) } });
  });

  it('lists centres by kind and status, searches, sorts and pages', async () => {
    const pending = await registerVerifiedCenter(t, 'medical', { nameEn: 'Zamzam Findable Clinic' });
    const found = await list('search=findable');
    expect(found.items.map((c: { id: number }) => c.id)).toEqual([pending.id]);
    expect((await list(`search=${pending.fields.crNumber}`)).items).toHaveLength(1);
    const counted = await t.call({
      method: 'GET',
      url: `/api/centers/count?search=${pending.fields.crNumber}`,
      token: admin,
    });
    expect(counted.json()).toEqual({ total: 1, capped: false });

    const pendingMedical = await list('kind=medical&status=pending&limit=100');
    expect(pendingMedical.items.length).toBeGreaterThan(0);
    expect(
      pendingMedical.items.every(
        (c: { kind: string; status: string }) => c.kind === 'medical' && c.status === 'pending',
      ),
    ).toBe(true);
    const training = await list('kind=training&limit=100');
    expect(training.items.every((c: { kind: string }) => c.kind === 'training')).toBe(true);

    const newest = await list('sort=createdAt&order=desc&limit=1');
    expect(newest.items[0].id).toBe(pending.id);
    const next = await list(`sort=createdAt&order=desc&limit=1&cursor=${newest.nextCursor}`);
    expect(next.items[0].id).not.toBe(pending.id);
    const ascending = (await list('sort=nameEn&order=asc&limit=100')).items;
    const descending = (await list('sort=nameEn&order=desc&limit=100')).items;
    expect(ascending.map((c: { id: number }) => c.id)).toEqual(
      descending.map((c: { id: number }) => c.id).reverse(),
    );

    expect((await t.call({ method: 'GET', url: '/api/centers?status=done', token: admin })).statusCode).toBe(
      400,
    );
  });
});

describe('who may manage centres', () => {
  const adminRoutes = [
    { method: 'GET', url: '/api/centers' },
    { method: 'POST', url: '/api/centers' },
    { method: 'GET', url: '/api/centers/1' },
    { method: 'PATCH', url: '/api/centers/1' },
    { method: 'POST', url: '/api/centers/1/approve' },
    { method: 'POST', url: '/api/centers/1/reject' },
  ] as const;

  it('refuses every user type but super admin with 403 on every admin route', async () => {
    for (const type of USER_TYPES.filter((type) => type !== 'super admin')) {
      const { token } = await t.loginAs(type);
      for (const route of adminRoutes) {
        const response = await t.call({ ...route, token, payload: route.method === 'GET' ? undefined : {} });
        expect(response.statusCode, `${route.method} ${route.url} as ${type}`).toBe(403);
      }
    }
  });

  it('asks for a login without a session', async () => {
    for (const route of adminRoutes) expect((await t.call({ ...route })).statusCode).toBe(401);
  });

  it('shows a centre its own record and nobody else', async () => {
    const { token } = await t.loginAs('training center');
    const own = (await t.call({ method: 'GET', url: '/api/center/profile', token })).json();
    expect(own).toMatchObject({ kind: 'training', status: 'approved', email: 'trainingcenter@tasreeh.test' });
    for (const type of ['super admin', 'student', 'corporate'] as const) {
      const other = await t.loginAs(type);
      expect(
        (await t.call({ method: 'GET', url: '/api/center/profile', token: other.token })).statusCode,
      ).toBe(403);
    }
  });
});

describe("the centres policy's caller abilities, sent with the session check", () => {
  it('lets the super admin add centres and no one else', async () => {
    const abilitiesOf = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities;
    expect((await abilitiesOf(admin)).centers).toEqual({ create: true });
    expect((await abilitiesOf((await t.loginAs('branch admin')).token)).centers).toEqual({ create: false });
  });
});

describe('two simultaneous submits of one centre', () => {
  it('saves one and answers the other with the duplicate message, not a 500', async () => {
    const center = newCenterFields('medical');
    const responses = await Promise.all([create(center), create(center)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe('Name already exists');
  });
});

describe('identical changes at once (races on PostgreSQL with TEST_DATABASE_URL)', () => {
  const edit = (id: number | undefined, payload: object) =>
    t.call({ method: 'PATCH', url: `/api/centers/${id}`, token: admin, payload });

  it('adds one centre and answers the others "Name already exists", as a second submit would be', async () => {
    const center = newCenterFields('medical');
    expectOneWinner(await atOnce(() => create(center)), 201, { code: 'NAME_EXISTS', field: 'nameEn' });
  });

  it('gives one centre a name, CR number, e-mail or mobile and refuses the others on that field', async () => {
    const centres: { id: number; fields: ReturnType<typeof newCenterFields> }[] = [];
    for (let index = 0; index < RACERS; index++) {
      const fields = newCenterFields('training');
      centres.push({ id: (await create(fields)).json().id, fields });
    }
    const fresh = newCenterFields('training');
    const races = [
      { nameEn: fresh.nameEn, code: 'NAME_EXISTS', field: 'nameEn' },
      { nameAr: fresh.nameAr, code: 'NAME_EXISTS', field: 'nameAr' },
      { crNumber: fresh.crNumber, code: 'RECORDS_ALREADY_REGISTERED', field: 'crNumber' },
      { email: fresh.email, code: 'RECORDS_ALREADY_REGISTERED', field: 'email' },
      { mobile: fresh.mobile, code: 'RECORDS_ALREADY_REGISTERED', field: 'mobile' },
    ] as const;
    for (const { code, field, ...taken } of races) {
      const responses = await atOnce((index) => {
        const centre = centres[index];
        return edit(centre?.id, { ...(centre && withoutKind(centre.fields)), ...taken });
      });
      expectOneWinner(responses, 200, { code, field });
    }
  });
});
