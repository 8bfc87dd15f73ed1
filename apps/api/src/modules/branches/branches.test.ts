import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

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

const list = (token: string, query = '') => t.call({ method: 'GET', url: `/api/branches${query}`, token });
const count = async (token: string, query = '') =>
  (await t.call({ method: 'GET', url: `/api/branches/count${query}`, token })).json().total;

let seed = 0;
function newBranch(overrides: Record<string, unknown> = {}) {
  seed++;
  return {
    nameEn: `Test Branch ${seed}`,
    nameAr: `فرع تجريبي ${seed}`,
    code: `tst-${seed}`,
    type: 'sub',
    region: 'SA-14',
    city: 'abha',
    baladiyaCode: 'AB-77',
    rentAmount: '4,500.50',
    rentDueDate: '2027-05-01',
    ...overrides,
  };
}

describe('GET /api/branches', () => {
  it('lists every branch for head office, with rooms and seats counted', async () => {
    const response = await list(admin, '?sort=code');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items.length).toBeGreaterThanOrEqual(3);
    expect(await count(admin)).toBe(page.items.length);
    const riyadh = page.items.find((branch: { code: string }) => branch.code === 'RUH-01');
    expect(riyadh).toMatchObject({
      region: 'SA-01',
      city: 'riyadh',
      classroomCount: 3,
      seatCount: 80,
      rentAmount: 12_500_000,
    });
  });

  it('shows branch staff only their own branch', async () => {
    const page = (await list(branchAdmin)).json();
    expect(page.items.map((branch: { code: string }) => branch.code)).toEqual(['RUH-01']);
    expect(await count(branchAdmin)).toBe(1);
  });

  it('searches names in both languages and codes, sorts, and pages with a cursor', async () => {
    expect((await list(admin, `?search=${encodeURIComponent('جدة')}`)).json().items[0].code).toBe('JED-01');
    expect((await list(admin, '?search=dmm')).json().items[0].code).toBe('DMM-01');
    expect((await list(admin, '?search=%25')).json().items).toEqual([]);
    expect(await count(admin, '?search=%25')).toBe(0);
    const first = (await list(admin, '?sort=code&order=desc&limit=2')).json();
    expect(first.items.map((b: { code: string }) => b.code)).toEqual(['RUH-01', 'JED-01']);
    const second = (await list(admin, `?sort=code&order=desc&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].code).toBe('DMM-01');
    expect((await list(admin, '?cursor=garbage')).statusCode).toBe(400);
    expect((await list(admin, '?sort=password')).statusCode).toBe(400);
  });

  it('refuses callers without read_2', async () => {
    for (const type of ['Teller', 'student', 'Instructor'] as const) {
      const { token } = await t.loginAs(type);
      expect((await list(token)).statusCode, type).toBe(403);
    }
    expect((await list('')).statusCode).toBe(401);
  });
});

describe('GET /api/branches/:id', () => {
  it('shows a branch in scope and answers 404 for one outside it', async () => {
    const all = (await list(admin, '?sort=code')).json().items as { id: number; code: string }[];
    const jeddah = all.find((b) => b.code === 'JED-01')!;
    const riyadh = all.find((b) => b.code === 'RUH-01')!;
    expect(
      (await t.call({ method: 'GET', url: `/api/branches/${jeddah.id}`, token: admin })).json().code,
    ).toBe('JED-01');
    expect(
      (await t.call({ method: 'GET', url: `/api/branches/${riyadh.id}`, token: branchAdmin })).statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/branches/${jeddah.id}`, token: branchAdmin })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/branches/999999', token: admin })).statusCode).toBe(404);
  });
});

describe('POST and PATCH /api/branches', () => {
  it('creates a branch with rent in halalas, writes an audit row, and says "Records have been saved."', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/branches',
      token: admin,
      payload: newBranch(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Records have been saved.');
    const [row] = await t.db.select().from(branches).where(eq(branches.id, response.json().id));
    expect(row).toMatchObject({
      code: `TST-${seed}`,
      rentAmount: 450_050,
      regionCode: 'SA-14',
      cityId: 'abha',
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'branch.create'));
    expect(audit.some((entry) => entry.entityId === String(row?.id))).toBe(true);
  });

  it('answers a taken name or code with "Name already exists"', async () => {
    const payload = newBranch();
    await t.call({ method: 'POST', url: '/api/branches', token: admin, payload });
    const again = await t.call({
      method: 'POST',
      url: '/api/branches',
      token: admin,
      payload: { ...payload, code: 'OTHER-1' },
      lang: 'ar',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('الاسم موجود مسبقاً');
    const sameCode = await t.call({
      method: 'POST',
      url: '/api/branches',
      token: admin,
      payload: newBranch({ code: payload.code }),
    });
    expect(sameCode.json()).toMatchObject({
      message: 'Name already exists',
      fields: { code: 'NAME_EXISTS' },
    });
  });

  it.each([
    [{ city: 'jeddah' }, 'city', 'Please select city'],
    [{ region: 'SA-13' }, 'region', 'Please select region'],
    [{ nameEn: '' }, 'nameEn', 'Please enter name'],
    [{ rentAmount: '12.345' }, 'rentAmount', 'Please enter a valid amount in riyals.'],
    [{ rentDueDate: '2027-02-30' }, 'rentDueDate', 'Please enter date'],
    [{ branchId: 3 }, 'branchId', 'This field is not allowed.'],
  ])('refuses %j with the message for %s, and stores nothing', async (overrides, field, message) => {
    const before = await count(admin);
    const response = await t.call({
      method: 'POST',
      url: '/api/branches',
      token: admin,
      payload: newBranch(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
    expect(await count(admin)).toBe(before);
  });

  it('lets only callers with create_2 add, and edit_2 change', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/branches', token: branchAdmin, payload: newBranch() }))
        .statusCode,
    ).toBe(403);
    const own = (await list(branchAdmin)).json().items[0];
    const patch = await t.call({
      method: 'PATCH',
      url: `/api/branches/${own.id}`,
      token: branchAdmin,
      payload: newBranch(),
    });
    expect(patch.statusCode).toBe(403);
  });

  it('updates a branch and says "Records have been updated."', async () => {
    const created = (
      await t.call({ method: 'POST', url: '/api/branches', token: admin, payload: newBranch() })
    ).json();
    const changed = newBranch({ status: 'inactive', rentAmount: '' });
    const response = await t.call({
      method: 'PATCH',
      url: `/api/branches/${created.id}`,
      token: admin,
      payload: changed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Records have been updated.');
    const detail = (await t.call({ method: 'GET', url: `/api/branches/${created.id}`, token: admin })).json();
    expect(detail).toMatchObject({ status: 'inactive', rentAmount: null, nameEn: changed.nameEn });
    const publicList = (await t.call({ method: 'GET', url: '/api/branches/public' })).json();
    expect(publicList.some((branch: { id: number }) => branch.id === created.id)).toBe(false);
  });
});

describe('classrooms', () => {
  async function riyadhId() {
    return (await list(branchAdmin)).json().items[0].id as number;
  }

  it('lists, adds, renames and deletes the rooms of a branch with the spec messages', async () => {
    const branchId = await riyadhId();
    const rooms = (
      await t.call({ method: 'GET', url: `/api/branches/${branchId}/classrooms`, token: branchAdmin })
    ).json();
    expect(rooms.map((room: { name: string }) => room.name)).toEqual(['Exam room', 'Hall A', 'Hall B']);

    const added = await t.call({
      method: 'POST',
      url: `/api/branches/${branchId}/classrooms`,
      token: branchAdmin,
      payload: { name: 'Hall C', capacity: 25 },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe('Records have been saved.');
    const duplicate = await t.call({
      method: 'POST',
      url: `/api/branches/${branchId}/classrooms`,
      token: branchAdmin,
      payload: { name: 'hall c', capacity: 10 },
    });
    expect(duplicate.json().message).toBe('Name already exists');
    const badCapacity = await t.call({
      method: 'POST',
      url: `/api/branches/${branchId}/classrooms`,
      token: branchAdmin,
      payload: { name: 'Hall D', capacity: 0 },
    });
    expect(badCapacity.json().message).toBe('Capacity must be a whole number from 1 to 500.');

    const id = added.json().id;
    const renamed = await t.call({
      method: 'PATCH',
      url: `/api/classrooms/${id}`,
      token: branchAdmin,
      payload: { name: 'Hall C2', capacity: 30 },
    });
    expect(renamed.json().message).toBe('Records have been updated.');
    const deleted = await t.call({
      method: 'DELETE',
      url: `/api/classrooms/${id}`,
      token: branchAdmin,
      lang: 'ar',
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('تم حذف القاعة بنجاح');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'classrooms'));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['classroom.create', 'classroom.update', 'classroom.delete']),
    );
  });

  it('keeps branch staff out of other branches’ rooms (404) and refuses callers without the right (403)', async () => {
    const all = (await list(admin, '?sort=code')).json().items as { id: number; code: string }[];
    const jeddah = all.find((b) => b.code === 'JED-01')!;
    expect(
      (await t.call({ method: 'GET', url: `/api/branches/${jeddah.id}/classrooms`, token: branchAdmin }))
        .statusCode,
    ).toBe(404);
    const [jeddahRoom] = (
      await t.call({ method: 'GET', url: `/api/branches/${jeddah.id}/classrooms`, token: admin })
    ).json();
    expect(
      (await t.call({ method: 'DELETE', url: `/api/classrooms/${jeddahRoom.id}`, token: branchAdmin }))
        .statusCode,
    ).toBe(404);
    const teller = await t.loginAs('Teller');
    expect(
      (await t.call({ method: 'DELETE', url: `/api/classrooms/${jeddahRoom.id}`, token: teller.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the branches policy', () => {
  it("sends each caller's abilities with a branch and its rooms, and in the session check", async () => {
    const manager = (await t.loginAs('manager')).token;
    const abilitiesOf = async (token: string) => {
      const branch = (await list(token, '?sort=code'))
        .json()
        .items.find((each: { code: string }) => each.code === 'RUH-01');
      const [room] = (
        await t.call({ method: 'GET', url: `/api/branches/${branch.id}/classrooms`, token })
      ).json();
      const session = (
        await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })
      ).json();
      return { branch: branch.abilities, room: room.abilities, caller: session.abilities.branches };
    };
    expect(await abilitiesOf(admin)).toEqual({
      branch: { update: true, addClassroom: true },
      room: { updateClassroom: true, deleteClassroom: true },
      caller: { create: true },
    });
    expect(await abilitiesOf(branchAdmin)).toEqual({
      branch: { update: false, addClassroom: true },
      room: { updateClassroom: true, deleteClassroom: true },
      caller: { create: false },
    });
    expect(await abilitiesOf(manager)).toEqual({
      branch: { update: false, addClassroom: false },
      room: { updateClassroom: false, deleteClassroom: false },
      caller: { create: false },
    });
  });
});
