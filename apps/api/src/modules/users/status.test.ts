import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
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

async function createStaff(branchId: number) {
  const staff = newStaffFields({ tellerGroupId, branchId });
  const response = await t.call({ method: 'POST', url: '/api/users', token: admin, payload: staff });
  expect(response.statusCode).toBe(201);
  return { ...staff, id: response.json().id as number };
}
const setStatus = (token: string, id: number, payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'PATCH', url: `/api/users/${id}/status`, token, payload, lang });
const logIn = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('GET /api/users/form-options', () => {
  it('offers super admin every staff type, every branch, head office and the groups', async () => {
    const options = (await t.call({ method: 'GET', url: '/api/users/form-options', token: admin })).json();
    expect(options.types).toContain('super admin');
    expect(options.types).toContain('Instructor');
    expect(options.headOffice).toBe(true);
    expect(options.branches.map((branch: { code: string }) => branch.code)).toEqual(
      expect.arrayContaining(['RUH-01', 'JED-01']),
    );
    expect(options.permissionGroups.map((group: { nameEn: string }) => group.nameEn)).toContain('Tellers');
  });

  it('offers a branch admin their own branch only, no head office and no super admin type', async () => {
    const options = (
      await t.call({ method: 'GET', url: '/api/users/form-options', token: branchAdmin })
    ).json();
    expect(options.types).not.toContain('super admin');
    expect(options.types).toContain('Teller');
    expect(options.headOffice).toBe(false);
    expect(options.branches.map((branch: { id: number }) => branch.id)).toEqual([riyadhId]);
  });

  it('gives head-office staff with read_1 (IT) the groups they cannot list on user-group', async () => {
    const { token } = await t.loginAs('HeadOfIT');
    const options = (await t.call({ method: 'GET', url: '/api/users/form-options', token })).json();
    expect(options.types).not.toContain('super admin');
    expect(options.headOffice).toBe(true);
    expect(options.permissionGroups.length).toBeGreaterThan(0);
  });

  it('refuses callers without read_1', async () => {
    for (const type of ['Teller', 'Examiner'] as const) {
      const { token } = await t.loginAs(type);
      const response = await t.call({ method: 'GET', url: '/api/users/form-options', token });
      expect(response.statusCode, type).toBe(403);
    }
  });
});

describe('PATCH /api/users/:id/status', () => {
  it('deactivates an account: its session ends, it cannot log in, and an audit row is written', async () => {
    const staff = await createStaff(riyadhId);
    const token = (await logIn(staff.username, staff.password)).json().access_token;
    const response = await setStatus(admin, staff.id, { status: 'inactive' }, 'ar');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('تم تحديث السجلات.');
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).statusCode,
    ).toBe(401);
    expect((await logIn(staff.username, staff.password)).json().code).toBe('ACCOUNT_INACTIVE');
    const detail = (await t.call({ method: 'GET', url: `/api/users/${staff.id}`, token: admin })).json();
    expect(detail.status).toBe('inactive');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.deactivate'));
    expect(audit.map((row) => row.entityId)).toContain(String(staff.id));
  });

  it('reactivates an account, which then logs in again', async () => {
    const staff = await createStaff(riyadhId);
    await setStatus(admin, staff.id, { status: 'inactive' });
    const response = await setStatus(branchAdmin, staff.id, { status: 'active' });
    expect(response.json().message).toBe('Records have been updated.');
    expect((await logIn(staff.email, staff.password)).statusCode).toBe(200);
  });

  it('refuses oneself, super admins for others, other branches (404) and callers without edit_1', async () => {
    const me = await t.loginAs('branch admin');
    expect((await setStatus(branchAdmin, me.userId, { status: 'inactive' })).statusCode).toBe(403);
    const superAdmin = await t.loginAs('super admin');
    expect((await setStatus(admin, superAdmin.userId, { status: 'inactive' })).statusCode).toBe(403);
    expect((await setStatus(branchAdmin, superAdmin.userId, { status: 'inactive' })).statusCode).toBe(404);
    const jeddahStaff = await createStaff(jeddahId);
    expect((await setStatus(branchAdmin, jeddahStaff.id, { status: 'inactive' })).statusCode).toBe(404);
    const { token: ceo } = await t.loginAs('CEO');
    expect((await setStatus(ceo, jeddahStaff.id, { status: 'inactive' })).statusCode).toBe(403);
    const { userId: studentId } = await t.loginAs('student');
    expect((await setStatus(admin, studentId, { status: 'inactive' })).statusCode).toBe(404);
  });

  it('refuses an unknown status or another field', async () => {
    const staff = await createStaff(riyadhId);
    const bad = await setStatus(admin, staff.id, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This value is not valid.');
    expect((await setStatus(admin, staff.id, { status: 'inactive', type: 'CEO' })).statusCode).toBe(400);
  });
});
