import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let branchAdmin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  branchAdmin = (await t.loginAs('branch admin')).token;
});
afterAll(async () => {
  await t.close();
});

const flags = (id: number, read = true, create = false, edit = false, del = false) => ({
  id,
  read,
  create,
  edit,
  delete: del,
});

describe('permission groups', () => {
  it('lists groups with their members for super admin and branch admin only', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/permission-groups', token: admin })).json();
    const tellers = page.items.find((group: { nameEn: string }) => group.nameEn === 'Tellers');
    expect(tellers.memberCount).toBe(1);
    expect(tellers.branch).toBeNull();
    expect(tellers.privileges.find((p: { id: number }) => p.id === 9)).toMatchObject({
      read: true,
      create: true,
    });
    const own = (await t.call({ method: 'GET', url: '/api/permission-groups', token: branchAdmin })).json();
    expect(own.items.map((group: { nameEn: string }) => group.nameEn)).toEqual(['Riyadh front desk']);
    expect(own.items[0].branch).toMatchObject({ code: 'RUH-01' });
    for (const type of ['Teller', 'CEO', 'HeadOfIT'] as const) {
      const { token } = await t.loginAs(type);
      expect((await t.call({ method: 'GET', url: '/api/permission-groups', token })).statusCode, type).toBe(
        403,
      );
    }
  });

  it('creates a group and refuses a taken name with "Name already exists"', async () => {
    const payload = { nameEn: 'Auditors', nameAr: 'المدققون', privileges: [flags(10), flags(17)] };
    const created = await t.call({ method: 'POST', url: '/api/permission-groups', token: admin, payload });
    expect(created.statusCode).toBe(201);
    const again = await t.call({
      method: 'POST',
      url: '/api/permission-groups',
      token: admin,
      payload: { ...payload, nameAr: 'آخر' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Name already exists');
  });

  it('refuses a branch admin who grants rights they do not hold', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/permission-groups',
      token: branchAdmin,
      payload: { nameEn: 'Too strong', nameAr: 'قوية جداً', privileges: [flags(10, true, true, true, true)] },
      lang: 'ar',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('لا يمكنك منح صلاحيات لا تملكها.');
    const allowed = await t.call({
      method: 'POST',
      url: '/api/permission-groups',
      token: branchAdmin,
      payload: { nameEn: 'Front desk', nameAr: 'الاستقبال', privileges: [flags(3, true, true), flags(9)] },
    });
    expect(allowed.statusCode).toBe(201);
  });

  it("changes a group's members' rights on their next call", async () => {
    const teller = await t.loginAs('Teller');
    const page = (await t.call({ method: 'GET', url: '/api/permission-groups', token: admin })).json();
    const tellers = page.items.find((group: { nameEn: string }) => group.nameEn === 'Tellers');
    const withoutBookings = tellers.privileges.filter((p: { id: number }) => p.id !== 9);
    const response = await t.call({
      method: 'PATCH',
      url: `/api/permission-groups/${tellers.id}`,
      token: admin,
      payload: { nameEn: tellers.nameEn, nameAr: tellers.nameAr, privileges: withoutBookings },
    });
    expect(response.json().message).toBe('Records have been updated.');
    const session = (
      await t.call({ method: 'POST', url: '/api/auth/test-token', token: teller.token, payload: {} })
    ).json();
    expect(session.privileges.find((p: { id: number }) => p.id === 9)).toBeUndefined();
  });

  it('refuses unknown resource ids and repeated ones', async () => {
    for (const privileges of [[flags(11)], [flags(3), flags(3)]]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/permission-groups',
        token: admin,
        payload: { nameEn: 'X', nameAr: 'س', privileges },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
