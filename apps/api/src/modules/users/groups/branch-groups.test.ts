import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../../../test/users.ts';

let t: TestApp;
let admin: string;
let branchAdmin: string;
let riyadhId: number;
let jeddahId: number;
let tellerGroupId: number;
let frontDeskId: number;
let jeddahGroupId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  branchAdmin = (await t.loginAs('branch admin')).token;
  ({ riyadhId, jeddahId, tellerGroupId } = await staffPlaces(t));
  frontDeskId = await groupIdOf(t, 'Riyadh front desk');
  const jeddah = await t.call({
    method: 'POST',
    url: '/api/permission-groups',
    token: admin,
    payload: { ...grid('Jeddah desk', 'مكتب جدة', [flags(3)]), branchId: jeddahId },
  });
  expect(jeddah.statusCode).toBe(201);
  jeddahGroupId = jeddah.json().id;
});
afterAll(async () => {
  await t.close();
});

function flags(id: number, read = true, create = false, edit = false, del = false) {
  return { id, read, create, edit, delete: del };
}
function grid(nameEn: string, nameAr: string, privileges: ReturnType<typeof flags>[]) {
  return { nameEn, nameAr, privileges };
}
const read = (token: string, id: number) =>
  t.call({ method: 'GET', url: `/api/permission-groups/${id}`, token });
const edit = (token: string, id: number, payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'PATCH', url: `/api/permission-groups/${id}`, token, payload, lang });
const create = (token: string, payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/permission-groups', token, payload, lang });

describe('a branch admin sees and edits only its own branch’s groups', () => {
  it('lists only the groups of its branch; head office lists every group with its owner', async () => {
    const own = (await t.call({ method: 'GET', url: '/api/permission-groups', token: branchAdmin })).json();
    expect(own.items.map((group: { id: number }) => group.id)).toEqual([frontDeskId]);
    const counted = await t.call({ method: 'GET', url: '/api/permission-groups/count', token: branchAdmin });
    expect(counted.json()).toEqual({ total: 1, capped: false });
    const all = (
      await t.call({ method: 'GET', url: '/api/permission-groups?limit=100', token: admin })
    ).json();
    const owners = Object.fromEntries(
      all.items.map((group: { nameEn: string; branch: { code: string } | null }) => [
        group.nameEn,
        group.branch?.code ?? null,
      ]),
    );
    expect(owners).toMatchObject({ Tellers: null, 'Riyadh front desk': 'RUH-01', 'Jeddah desk': 'JED-01' });
  });

  it('answers 404 for a head-office group and for another branch’s, read or edited, and changes nothing', async () => {
    for (const id of [tellerGroupId, jeddahGroupId]) {
      expect((await read(branchAdmin, id)).statusCode).toBe(404);
      const response = await edit(branchAdmin, id, grid('Taken over', 'مستولى عليها', [flags(3)]));
      expect(response.statusCode).toBe(404);
    }
    const tellers = (await read(admin, tellerGroupId)).json();
    expect(tellers.nameEn).toBe('Tellers');
    expect((await read(admin, jeddahGroupId)).json().nameEn).toBe('Jeddah desk');
  });

  it('edits its own branch’s group', async () => {
    const group = (await read(branchAdmin, frontDeskId)).json();
    const response = await edit(branchAdmin, frontDeskId, {
      nameEn: group.nameEn,
      nameAr: group.nameAr,
      privileges: [...group.privileges, flags(19)],
    });
    expect(response.statusCode).toBe(200);
    expect((await read(branchAdmin, frontDeskId)).json().branch).toMatchObject({ id: riyadhId });
  });

  it('creates groups in its own branch only', async () => {
    const made = await create(branchAdmin, grid('Riyadh cashiers', 'صرافو الرياض', [flags(9)]));
    expect(made.statusCode).toBe(201);
    expect((await read(branchAdmin, made.json().id)).json().branch).toMatchObject({ code: 'RUH-01' });
    const named = await create(branchAdmin, {
      ...grid('Riyadh named', 'الرياض باسمه', [flags(9)]),
      branchId: riyadhId,
    });
    expect(named.statusCode).toBe(201);
    for (const branchId of [jeddahId, null]) {
      const elsewhere = await create(branchAdmin, {
        ...grid(`Elsewhere ${branchId}`, `مكان ${branchId}`, []),
        branchId,
      });
      expect(elsewhere.statusCode).toBe(403);
    }
  });

  it('refuses a right it lacks, on a new group and on its own, with "CANNOT_GRANT_MORE" in both languages', async () => {
    const tooStrong = grid('Front desk plus', 'استقبال موسع', [flags(10, true, true)]);
    const made = await create(branchAdmin, tooStrong, 'ar');
    expect(made.statusCode).toBe(403);
    expect(made.json()).toMatchObject({
      code: 'CANNOT_GRANT_MORE',
      message: 'لا يمكنك منح صلاحيات لا تملكها.',
    });
    const edited = await edit(branchAdmin, frontDeskId, { ...tooStrong, nameEn: 'Riyadh front desk' });
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toMatchObject({
      code: 'CANNOT_GRANT_MORE',
      message: 'You cannot give rights that you do not have yourself.',
      fields: { privileges: 'CANNOT_GRANT_MORE' },
    });
    const stored = (await read(admin, frontDeskId)).json();
    expect(stored.privileges.find((p: { id: number }) => p.id === 10)).toBeUndefined();
  });

  it('refuses changing its branch’s group that holds a right it lacks, even to weaken it', async () => {
    const strong = await create(admin, {
      ...grid('Riyadh cash office', 'مكتب النقد بالرياض', [flags(10, true, true)]),
      branchId: riyadhId,
    });
    const id = strong.json().id;
    expect((await read(branchAdmin, id)).statusCode).toBe(200);
    const weakened = await edit(
      branchAdmin,
      id,
      grid('Riyadh cash office', 'مكتب النقد بالرياض', [flags(10)]),
      'ar',
    );
    expect(weakened.statusCode).toBe(403);
    expect(weakened.json()).toMatchObject({
      code: 'GROUP_HOLDS_MORE_RIGHTS',
      message: 'لا يمكنك تعديل مجموعة تملك صلاحيات لا تملكها.',
    });
    expect((await read(admin, id)).json().privileges).toEqual([flags(10, true, true)]);
  });

  it('keeps names unique per owner: another branch may reuse a name, the same branch may not', async () => {
    expect((await create(branchAdmin, grid('Jeddah desk', 'مكتب جدة', [flags(3)]))).statusCode).toBe(201);
    const again = await create(branchAdmin, grid('jeddah DESK', 'مكتب آخر', [flags(3)]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NAME_EXISTS', fields: { nameEn: 'NAME_EXISTS' } });
    const headOffice = await create(admin, grid('Tellers', 'اسم آخر', []));
    expect(headOffice.json()).toMatchObject({ code: 'NAME_EXISTS', fields: { nameEn: 'NAME_EXISTS' } });
  });

  it('lets head office give a new group to a branch that exists, and to nobody else', async () => {
    const missing = await create(admin, { ...grid('Nowhere', 'لا مكان', []), branchId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ branchId: 'SELECT_BRANCH' });
    const options = (
      await t.call({ method: 'GET', url: '/api/permission-groups/form-options', token: admin })
    ).json();
    expect(options.headOffice).toBe(true);
    expect(options.branches.map((branch: { code: string }) => branch.code)).toEqual(
      expect.arrayContaining(['RUH-01', 'JED-01']),
    );
    const own = (
      await t.call({ method: 'GET', url: '/api/permission-groups/form-options', token: branchAdmin })
    ).json();
    expect(own).toMatchObject({ headOffice: false, branches: [{ id: riyadhId }] });
    expect(own.branches).toHaveLength(1);
  });

  it('refuses to move a group to another owner by an edit (the owner is set once)', async () => {
    const group = (await read(admin, jeddahGroupId)).json();
    const response = await edit(admin, jeddahGroupId, {
      nameEn: group.nameEn,
      nameAr: group.nameAr,
      privileges: group.privileges,
      branchId: riyadhId,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('which groups a staff account may be given', () => {
  const staff = (overrides: Record<string, unknown>) =>
    newStaffFields({ tellerGroupId, branchId: riyadhId }, overrides);
  const addUser = (token: string, payload: object) =>
    t.call({ method: 'POST', url: '/api/users', token, payload });

  it('offers a branch admin head-office groups and its branch’s, never another branch’s', async () => {
    const options = (
      await t.call({ method: 'GET', url: '/api/users/form-options', token: branchAdmin })
    ).json();
    const offered = options.permissionGroups.map((group: { id: number; branchId: number | null }) => group);
    expect(offered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: tellerGroupId, branchId: null }),
        expect.objectContaining({ id: frontDeskId, branchId: riyadhId }),
      ]),
    );
    expect(offered.map((group: { id: number }) => group.id)).not.toContain(jeddahGroupId);
  });

  it('takes a head-office group or the account’s own branch’s group, and refuses another branch’s', async () => {
    expect((await addUser(branchAdmin, staff({ permissionGroupId: frontDeskId }))).statusCode).toBe(201);
    expect((await addUser(branchAdmin, staff({ permissionGroupId: tellerGroupId }))).statusCode).toBe(201);
    for (const token of [branchAdmin, admin]) {
      const response = await addUser(token, staff({ permissionGroupId: jeddahGroupId }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ permissionGroupId: 'SELECT_PERMISSION_GROUP' });
    }
    const headOffice = await addUser(admin, staff({ permissionGroupId: frontDeskId, branchId: null }));
    expect(headOffice.statusCode).toBe(400);
    expect(
      (await addUser(admin, staff({ permissionGroupId: jeddahGroupId, branchId: jeddahId }))).statusCode,
    ).toBe(201);
  });
});
