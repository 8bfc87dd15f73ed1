import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, permissionGroups, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../../test/users.ts';

// Run on the PostgreSQL server (TEST_DATABASE_URL) to prove anything: PGlite runs one request at a time.
const AT_ONCE = 20;

let t: TestApp;
let admin: string;
let places: Awaited<ReturnType<typeof staffPlaces>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  places = await staffPlaces(t);
});
afterAll(async () => {
  await t.close();
});

const atOnce = <T>(make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: AT_ONCE }, (_, index) => make(index)));

const statusesOf = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode).sort((a, b) => a - b);

/** One winner with `won`, every other call a 409 whose message points at one of `fields`. */
function expectOneWinner(
  responses: { statusCode: number; json: () => { code: string; message: string; fields?: object } }[],
  won: number,
  code: string,
  fields: string[],
) {
  expect(statusesOf(responses)).toEqual([won, ...Array(responses.length - 1).fill(409)]);
  for (const response of responses.filter((r) => r.statusCode === 409)) {
    const body = response.json();
    expect(body.code).toBe(code);
    expect(Object.keys(body.fields ?? {})).toHaveLength(1);
    expect(fields).toContain(Object.keys(body.fields ?? {})[0]);
  }
}

const group = (name: string) => ({
  nameEn: name,
  nameAr: `مجموعة ${name}`,
  privileges: [{ id: 3, read: true, create: false, edit: false, delete: false }],
});
const createGroup = (payload: object) =>
  t.call({ method: 'POST', url: '/api/permission-groups', token: admin, payload });
const createStaff = (payload: object) => t.call({ method: 'POST', url: '/api/users', token: admin, payload });

describe('permission groups created or renamed at once', () => {
  it('answers 20 identical creations with one 201 and 19 × 409 "Name already exists" on the name', async () => {
    const body = group('Race Auditors');
    const responses = await atOnce(() => createGroup(body));
    expectOneWinner(responses, 201, 'NAME_EXISTS', ['nameEn', 'nameAr']);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe('Name already exists');
    const [stored] = await t.db
      .select({ n: count() })
      .from(permissionGroups)
      .where(eq(permissionGroups.nameEn, body.nameEn));
    expect(stored?.n).toBe(1);
  });

  it('points at the Arabic name when only that is shared', async () => {
    const responses = await atOnce((index) =>
      createGroup({ ...group(`Race Arabic ${index}`), nameAr: 'مجموعة السباق' }),
    );
    expectOneWinner(responses, 201, 'NAME_EXISTS', ['nameAr']);
  });

  it('lets only one of many groups take a name by renaming at once', async () => {
    const ids = await Promise.all(
      Array.from(
        { length: 6 },
        async (_, index) => (await createGroup(group(`Race Rename ${index}`))).json().id,
      ),
    );
    const responses = await Promise.all(
      ids.map((id) =>
        t.call({
          method: 'PATCH',
          url: `/api/permission-groups/${id}`,
          token: admin,
          payload: group('Race Renamed'),
        }),
      ),
    );
    expectOneWinner(responses, 200, 'NAME_EXISTS', ['nameEn', 'nameAr']);
  });
});

describe('staff accounts created or changed at once', () => {
  it('answers 20 identical creations with one 201 and 19 × 409 "Records already registered…"', async () => {
    const body = newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.riyadhId });
    const responses = await atOnce(() => createStaff(body));
    expectOneWinner(responses, 201, 'RECORDS_ALREADY_REGISTERED', ['email', 'username', 'phone', 'idNumber']);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(
      'Records already registered with this information.',
    );
    const [stored] = await t.db.select({ n: count() }).from(users).where(eq(users.email, body.email));
    expect(stored?.n).toBe(1);
  });

  it.each([
    ['username', (index: number) => ({ username: 'race.same', email: `race.user${index}@centre.test` })],
    ['email', (index: number) => ({ email: 'race.same@centre.test', username: `race.email${index}` })],
  ] as const)('points at the %s when 20 different accounts claim it at once', async (field, overrides) => {
    const responses = await atOnce((index) =>
      createStaff(
        newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.riyadhId }, overrides(index)),
      ),
    );
    expectOneWinner(responses, 201, 'RECORDS_ALREADY_REGISTERED', [field]);
  });

  it('lets only one of many accounts take a username by an edit at once', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const body = newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.riyadhId });
        const { id } = (await createStaff(body)).json();
        const { password: _p, rePassword: _r, ...fields } = body;
        return { id: id as number, fields };
      }),
    );
    const responses = await Promise.all(
      bodies.map(({ id, fields }) =>
        t.call({
          method: 'PATCH',
          url: `/api/users/${id}`,
          token: admin,
          payload: { ...fields, username: 'race.renamed' },
        }),
      ),
    );
    expectOneWinner(responses, 200, 'RECORDS_ALREADY_REGISTERED', ['username']);
  });

  it('deactivates one account 20 times at once without a 500, one audit row each', async () => {
    const body = newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.riyadhId });
    const { id } = (await createStaff(body)).json();
    const responses = await atOnce(() =>
      t.call({
        method: 'PATCH',
        url: `/api/users/${id}/status`,
        token: admin,
        payload: { status: 'inactive' },
      }),
    );
    expect(statusesOf(responses)).toEqual(Array(AT_ONCE).fill(200));
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'user.deactivate' and ${auditLog.entityId} = ${String(id)}`);
    expect(audits?.n).toBe(AT_ONCE);
  });

  it('runs a staff creation once for one Idempotency-Key, and never stores the password in the audit row', async () => {
    const body = newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.riyadhId });
    const responses = await atOnce(() =>
      t.call({
        method: 'POST',
        url: '/api/users',
        token: admin,
        payload: body,
        headers: { 'idempotency-key': 'race-staff-key' },
      }),
    );
    expect(statusesOf(responses)).toEqual(Array(AT_ONCE).fill(201));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    const { id } = responses[0]?.json() ?? {};
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(rows.map((row) => row.action)).toEqual(['user.create']);
    expect(JSON.stringify(rows)).not.toContain(body.password);
  });
});
