import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmailOf } from '../../seed/demo-users.ts';
import { groupIdOf } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { editableStaff, newStaffFields, staffPlaces } from '../../test/users.ts';

const HOLDS_MORE = {
  en: 'You cannot change an account that holds rights you do not have yourself.',
  ar: 'لا يمكنك تعديل حساب يملك صلاحيات لا تملكها.',
};

let t: TestApp;
let admin: string;
let devTeam: string;
let headOfIt: string;
let branchAdmin: string;
let cfoId: number;
let riyadhId: number;
let tellerGroupId: number;
let financeGroupId: number;
let itGroupId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  devTeam = (await t.loginAs('DevTeam')).token;
  headOfIt = (await t.loginAs('HeadOfIT')).token;
  branchAdmin = (await t.loginAs('branch admin')).token;
  cfoId = (await t.loginAs('CFO')).userId;
  ({ riyadhId, tellerGroupId } = await staffPlaces(t));
  financeGroupId = await groupIdOf(t, 'Finance');
  itGroupId = await groupIdOf(t, 'IT');
});
afterAll(async () => {
  await t.close();
});

const setStatus = (token: string, id: number, status: 'active' | 'inactive', lang?: 'en' | 'ar') =>
  t.call({ method: 'PATCH', url: `/api/users/${id}/status`, token, payload: { status }, lang });
const edit = (token: string, id: number, payload: object) =>
  t.call({ method: 'PATCH', url: `/api/users/${id}`, token, payload });
const detail = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/users/${id}`, token: admin })).json();

const editable = (id: number) => editableStaff(t, admin, id);

async function createStaff(overrides: Record<string, unknown>) {
  const response = await t.call({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: newStaffFields({ tellerGroupId, branchId: riyadhId }, overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

describe('nobody but a super admin changes an account whose group holds rights they lack', () => {
  it('refuses DevTeam deactivating the CFO, in English and Arabic, and the CFO still logs in', async () => {
    const en = await setStatus(devTeam, cfoId, 'inactive');
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({ code: 'ACCOUNT_HOLDS_MORE_RIGHTS', message: HOLDS_MORE.en });
    const ar = await setStatus(headOfIt, cfoId, 'inactive', 'ar');
    expect(ar.statusCode).toBe(403);
    expect(ar.json().message).toBe(HOLDS_MORE.ar);
    expect((await detail(cfoId)).status).toBe('active');
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoEmailOf('CFO'), password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses DevTeam editing the CFO (even a phone number), and reactivating a deactivated one', async () => {
    const account = await editable(cfoId);
    const response = await edit(devTeam, cfoId, { ...account, phone: '0530007777' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_HOLDS_MORE_RIGHTS');
    expect((await detail(cfoId)).phone).toBe(account.phone);

    const finance = await createStaff({ type: 'CFO', branchId: null, permissionGroupId: financeGroupId });
    expect((await setStatus(admin, finance, 'inactive')).statusCode).toBe(200);
    const back = await setStatus(devTeam, finance, 'active');
    expect(back.statusCode).toBe(403);
    expect(back.json().code).toBe('ACCOUNT_HOLDS_MORE_RIGHTS');
    expect((await detail(finance)).status).toBe('inactive');
  });

  it('refuses a branch admin changing an account of its branch placed in a stronger group', async () => {
    const strong = await createStaff({ type: 'branchaccountant', permissionGroupId: financeGroupId });
    const account = await editable(strong);
    for (const response of [
      await setStatus(branchAdmin, strong, 'inactive'),
      await edit(branchAdmin, strong, { ...account, permissionGroupId: tellerGroupId }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_HOLDS_MORE_RIGHTS');
    }
    expect((await detail(strong)).permissionGroup.id).toBe(financeGroupId);
  });

  it('still lets IT manage accounts no stronger than theirs, and a super admin any', async () => {
    const colleague = await createStaff({ type: 'DevTeam', branchId: null, permissionGroupId: itGroupId });
    expect((await setStatus(devTeam, colleague, 'inactive')).statusCode).toBe(200);
    expect((await setStatus(headOfIt, colleague, 'active')).statusCode).toBe(200);
    const instructor = await createStaff({ type: 'Instructor', permissionGroupId: null });
    expect((await setStatus(devTeam, instructor, 'inactive')).statusCode).toBe(200);
    const teller = await createStaff({});
    expect((await setStatus(branchAdmin, teller, 'inactive')).statusCode).toBe(200);
    expect((await setStatus(admin, cfoId, 'inactive')).statusCode).toBe(200);
    expect((await setStatus(admin, cfoId, 'active')).statusCode).toBe(200);
  });
});
