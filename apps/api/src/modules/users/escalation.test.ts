import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { editableStaff, newStaffFields, staffPlaces } from '../../test/users.ts';

const CANNOT_GRANT_MORE = 'You cannot give rights that you do not have yourself.';

let t: TestApp;
let admin: string;
let branchAdmin: { token: string; userId: number };
let headOfIt: string;
let riyadhId: number;
let jeddahId: number;
let tellerGroupId: number;
let financeGroupId: number;
let branchGroupId: number;
let itGroupId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  branchAdmin = await t.loginAs('branch admin');
  headOfIt = (await t.loginAs('HeadOfIT')).token;
  ({ riyadhId, jeddahId, tellerGroupId } = await staffPlaces(t));
  financeGroupId = await groupIdOf(t, 'Finance');
  branchGroupId = await groupIdOf(t, 'Branch administration');
  itGroupId = await groupIdOf(t, 'IT');
});
afterAll(async () => {
  await t.close();
});

const newStaff = (overrides: Record<string, unknown> = {}) =>
  newStaffFields({ tellerGroupId, branchId: riyadhId }, overrides);
const create = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/users', token, payload });
const edit = (token: string, id: number, payload: object) =>
  t.call({ method: 'PATCH', url: `/api/users/${id}`, token, payload });

const editableAccount = (id: number) => editableStaff(t, admin, id);

describe('no raising one’s own rights through PATCH /api/users/:id', () => {
  it('refuses a branch admin moving their own account into the Finance group or another branch', async () => {
    const mine = await editableAccount(branchAdmin.userId);
    expect(mine.permissionGroupId).toBe(branchGroupId);
    const regroup = await edit(branchAdmin.token, branchAdmin.userId, {
      ...mine,
      permissionGroupId: financeGroupId,
    });
    expect(regroup.statusCode).toBe(403);
    const move = await edit(branchAdmin.token, branchAdmin.userId, { ...mine, branchId: jeddahId });
    expect(move.statusCode).toBe(403);
    const after = await editableAccount(branchAdmin.userId);
    expect(after).toMatchObject({ permissionGroupId: branchGroupId, branchId: riyadhId });
    const phone = await edit(branchAdmin.token, branchAdmin.userId, { ...mine, phone: '0530009999' });
    expect(phone.statusCode).toBe(200);
  });

  it('refuses a branch admin putting another account in a group with rights they lack', async () => {
    const { id } = (await create(admin, newStaff())).json();
    const account = await editableAccount(id);
    const response = await edit(branchAdmin.token, id, { ...account, permissionGroupId: financeGroupId });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CANNOT_GRANT_MORE);
    expect(response.json().fields.permissionGroupId).toBeDefined();
    expect((await edit(admin, id, { ...account, permissionGroupId: financeGroupId })).statusCode).toBe(200);
  });
});

describe('no granting more than one holds through POST /api/users', () => {
  it('refuses create_1 holders a group with rights they lack, so its password never logs in', async () => {
    const staff = newStaff({ branchId: null, type: 'CFO', permissionGroupId: financeGroupId });
    const response = await create(headOfIt, staff);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CANNOT_GRANT_MORE);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.username, password: staff.password },
    });
    expect(login.statusCode).not.toBe(200);
    expect((await create(headOfIt, newStaff({ permissionGroupId: itGroupId }))).statusCode).toBe(201);
    expect((await create(admin, newStaff({ permissionGroupId: financeGroupId }))).statusCode).toBe(201);
  });

  it('lets only super admin or branch admin make or change a branch admin account', async () => {
    const asBranchAdmin = newStaff({ type: 'branch admin', permissionGroupId: itGroupId });
    expect((await create(headOfIt, asBranchAdmin)).statusCode).toBe(403);
    const made = await create(
      branchAdmin.token,
      newStaff({ type: 'branch admin', permissionGroupId: branchGroupId }),
    );
    expect(made.statusCode).toBe(201);
    const account = await editableAccount(made.json().id);
    expect((await edit(headOfIt, made.json().id, { ...account, phone: '0530008888' })).statusCode).toBe(403);
    expect((await edit(admin, made.json().id, { ...account, phone: '0530008888' })).statusCode).toBe(200);
  });
});

describe('GET /api/users/form-options offers only the groups the caller may grant', () => {
  const groupNames = async (token: string) =>
    (await t.call({ method: 'GET', url: '/api/users/form-options', token }))
      .json()
      .permissionGroups.map((group: { nameEn: string }) => group.nameEn);

  it('hides Finance from a branch admin and from IT, and shows super admin every group', async () => {
    const forBranchAdmin = await groupNames(branchAdmin.token);
    expect(forBranchAdmin).toEqual(expect.arrayContaining(['Branch administration', 'Tellers']));
    expect(forBranchAdmin).not.toContain('Finance');
    const forIt = await groupNames(headOfIt);
    expect(forIt).toContain('IT');
    expect(forIt).not.toContain('Finance');
    expect(await groupNames(admin)).toEqual(expect.arrayContaining(['Finance', 'Tellers', 'IT']));
  });

  it('offers the branch admin type to super and branch admins only', async () => {
    const typesOf = async (token: string) =>
      (await t.call({ method: 'GET', url: '/api/users/form-options', token })).json().types;
    expect(await typesOf(headOfIt)).not.toContain('branch admin');
    expect(await typesOf(branchAdmin.token)).toContain('branch admin');
  });
});
