import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { groupIdOf } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../../test/users.ts';

let t: TestApp;
let admin: string;
let branchAdmin: string;
let riyadhId: number;
let jeddahId: number;
let tellerGroupId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  branchAdmin = (await t.loginAs('branch admin')).token;
  ({ riyadhId, jeddahId, tellerGroupId } = await staffPlaces(t));
});
afterAll(async () => {
  await t.close();
});

const newStaff = (overrides: Record<string, unknown> = {}) =>
  newStaffFields({ tellerGroupId, branchId: riyadhId }, overrides);
const withoutPassword = ({ password: _p, rePassword: _r, ...rest }: ReturnType<typeof newStaff>) => rest;
const create = (token: string, payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/users', token, payload, lang });

describe('GET /api/users', () => {
  it('lists staff only (no students or corporates), all of them for head office', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/users?limit=100', token: admin })).json();
    const types = page.items.map((user: { type: string }) => user.type);
    expect(types).toContain('super admin');
    expect(types).toContain('Examiner');
    expect(types).not.toContain('student');
    expect(types).not.toContain('corporate');
    const counted = await t.call({ method: 'GET', url: '/api/users/count', token: admin });
    expect(counted.json()).toEqual({ total: page.items.length, capped: false });
  });

  it('shows branch staff only their branch, and searches and filters', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/users?limit=100', token: branchAdmin })).json();
    expect(page.items.every((user: { branch: { id: number } | null }) => user.branch?.id === riyadhId)).toBe(
      true,
    );
    const found = (
      await t.call({ method: 'GET', url: `/api/users?search=${encodeURIComponent('الشمري')}`, token: admin })
    ).json();
    expect(found.items.map((user: { type: string }) => user.type)).toEqual(['Teller']);
    const examiners = (
      await t.call({ method: 'GET', url: '/api/users/count?type=Examiner', token: admin })
    ).json();
    expect(examiners.total).toBe(1);
    const own = (await t.call({ method: 'GET', url: '/api/users/count', token: branchAdmin })).json();
    expect(own.total).toBe(page.items.length);
    const tellers = (
      await t.call({ method: 'GET', url: `/api/users?permissionGroupId=${tellerGroupId}`, token: admin })
    ).json();
    expect(tellers.items.map((user: { type: string }) => user.type)).toEqual(['Teller']);
  });

  it('refuses callers without read_1', async () => {
    for (const type of ['Teller', 'Instructor', 'student'] as const) {
      const { token } = await t.loginAs(type);
      expect((await t.call({ method: 'GET', url: '/api/users', token })).statusCode, type).toBe(403);
    }
  });
});

describe('POST /api/users', () => {
  it('creates a staff account that logs in by username, with an audit row', async () => {
    const staff = newStaff();
    const response = await create(admin, staff);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Records have been saved.');
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.username, password: staff.password },
    });
    expect(login.json()).toMatchObject({ type: 'Teller' });
    expect(login.json().privileges.find((p: { id: number }) => p.id === 9)).toMatchObject({ read: true });
    const detail = (
      await t.call({ method: 'GET', url: `/api/users/${response.json().id}`, token: admin })
    ).json();
    expect(detail).toMatchObject({
      idExpiryHijri: '1449-05-10',
      branch: { code: 'RUH-01' },
      permissionGroup: { nameEn: 'Tellers' },
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
    expect(JSON.stringify(audit)).not.toContain('Strong@2026');
  });

  it('lets a branch admin add staff to their own branch only, and never a super admin', async () => {
    const ownGroupId = await groupIdOf(t, 'Branch administration');
    expect((await create(branchAdmin, newStaff({ permissionGroupId: ownGroupId }))).statusCode).toBe(201);
    expect((await create(branchAdmin, newStaff({ branchId: jeddahId }))).statusCode).toBe(403);
    expect((await create(branchAdmin, newStaff({ branchId: null }))).statusCode).toBe(403);
    expect(
      (await create(branchAdmin, newStaff({ type: 'super admin', permissionGroupId: null }))).statusCode,
    ).toBe(403);
  });

  it('answers a taken e-mail or username with "Records already registered with this information."', async () => {
    const first = newStaff();
    await create(admin, first);
    const sameEmail = await create(admin, newStaff({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Records already registered with this information.');
    expect((await create(admin, newStaff({ username: first.username }))).statusCode).toBe(409);
  });

  it.each([
    [
      { username: '1abc' },
      'username',
      'The username must be 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter.',
    ],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address.'],
    [{ nameEn: 'سارة الحربي' }, 'nameEn', 'Please enter the name in English letters'],
    [{ nameAr: 'Sara Al-Harbi' }, 'nameAr', 'Please enter the name in Arabic letters'],
    [{ phone: '123' }, 'phone', 'Phone number must be valid'],
    [{ type: 'student' }, 'type', 'Please select the user type'],
    [{ idExpiryHijri: '1447-13-01' }, 'idExpiryHijri', 'Please enter date'],
    [{ password: 'short', rePassword: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ permissionGroupId: null }, 'permissionGroupId', 'Please select a permission group'],
    [{ permissionGroupId: 999_999 }, 'permissionGroupId', 'Please select a permission group'],
    [{ branchId: 999_999 }, 'branchId', 'Please select branch'],
    [{ idType: 'national_id', idNumber: '1000000001' }, 'idNumber', 'The ID number is not valid.'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await create(admin, newStaff(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('says in Arabic that an English name takes English letters', async () => {
    const response = await create(admin, newStaff({ nameEn: 'سارة' }), 'ar');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'يرجى إدخال الاسم بالحروف الإنجليزية',
      fields: { nameEn: 'ENTER_NAME_ENGLISH' },
    });
  });
});

describe('PATCH /api/users/:id', () => {
  it('deactivates an account and ends its sessions at once', async () => {
    const staff = newStaff();
    const { id } = (await create(admin, staff)).json();
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: staff.password },
    });
    const token = login.json().access_token;
    const response = await t.call({
      method: 'PATCH',
      url: `/api/users/${id}`,
      token: admin,
      payload: { ...withoutPassword(staff), status: 'inactive' },
    });
    expect(response.json().message).toBe('Records have been updated.');
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).statusCode,
    ).toBe(401);
    const again = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: staff.password },
    });
    expect(again.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('refuses to deactivate oneself, and keeps branch staff out of other branches and super admins', async () => {
    const me = (await t.call({ method: 'GET', url: '/api/users?type=super%20admin', token: admin })).json()
      .items[0];
    const self = await t.call({
      method: 'PATCH',
      url: `/api/users/${me.id}`,
      token: admin,
      payload: {
        nameEn: me.nameEn,
        nameAr: me.nameAr,
        email: me.email,
        username: me.username,
        phone: me.phone,
        type: me.type,
        status: 'inactive',
      },
    });
    expect(self.statusCode).toBe(403);
    const jeddahStaff = (await create(admin, newStaff({ branchId: jeddahId }))).json();
    expect(
      (await t.call({ method: 'GET', url: `/api/users/${jeddahStaff.id}`, token: branchAdmin })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/users/${me.id}`, token: branchAdmin })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for a student id, which is not a staff account', async () => {
    const { userId } = await t.loginAs('student');
    expect((await t.call({ method: 'GET', url: `/api/users/${userId}`, token: admin })).statusCode).toBe(404);
  });
});

describe('the users policy', () => {
  it("sends each caller's abilities with an account and a group, and in the session check", async () => {
    const { userId: adminId } = await t.loginAs('super admin');
    const { userId: tellerId } = await t.loginAs('Teller');
    const ceo = (await t.loginAs('CEO')).token;
    const abilitiesOf = async (token: string, id: number) => {
      const user = (await t.call({ method: 'GET', url: `/api/users/${id}`, token })).json();
      const session = (
        await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })
      ).json();
      return { user: user.abilities, caller: session.abilities.users };
    };
    expect(await abilitiesOf(admin, tellerId)).toEqual({
      user: { update: true, setStatus: true },
      caller: { create: true },
    });
    // Nobody deactivates themselves.
    expect(await abilitiesOf(admin, adminId)).toEqual({
      user: { update: true, setStatus: false },
      caller: { create: true },
    });
    expect(await abilitiesOf(ceo, tellerId)).toEqual({
      user: { update: false, setStatus: false },
      caller: { create: false },
    });
    const group = (
      await t.call({ method: 'GET', url: `/api/permission-groups/${tellerGroupId}`, token: admin })
    ).json();
    expect(group.abilities).toEqual({ updateGroup: true });
  });
});
