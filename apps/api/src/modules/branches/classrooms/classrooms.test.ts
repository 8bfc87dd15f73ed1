import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, classrooms } from '../../../db/schema/index.ts';
import { branchIdOf } from '../../../test/accounts.ts';
import { atOnce, expectOneWinner, RACERS } from '../../../test/races.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let branchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  branchId = await branchIdOf(t, 'RUH-01');
});
afterAll(async () => {
  await t.close();
});

const addRoom = (payload: object) =>
  t.call({ method: 'POST', url: `/api/branches/${branchId}/classrooms`, token: admin, payload });
const editRoom = (id: number, payload: object) =>
  t.call({ method: 'PATCH', url: `/api/classrooms/${id}`, token: admin, payload });

async function roomsNamed(name: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(classrooms)
    .where(and(eq(classrooms.branchId, branchId), eq(classrooms.name, name)));
  return row?.n;
}

describe('the audit row of a room', () => {
  it('records the branch and the room on creation, before and after on an edit, the room on deletion', async () => {
    const { id } = (await addRoom({ name: 'Audit Hall', capacity: 12 })).json();
    await editRoom(id, { name: 'Audit Hall 2', capacity: 14 });
    await t.call({ method: 'DELETE', url: `/api/classrooms/${id}`, token: admin });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    const byAction = Object.fromEntries(
      rows.filter((row) => row.entity === 'classrooms').map((row) => [row.action, row]),
    );
    expect(byAction['classroom.create']).toMatchObject({
      before: null,
      after: { branchId, name: 'Audit Hall', capacity: 12 },
    });
    expect(byAction['classroom.update']).toMatchObject({
      before: { name: 'Audit Hall', capacity: 12 },
      after: { name: 'Audit Hall 2', capacity: 14 },
    });
    expect(byAction['classroom.delete']).toMatchObject({ before: { name: 'Audit Hall 2' }, after: null });
  });
});

describe('identical room changes at once', () => {
  it('adds one room and answers every other caller "Name already exists", never a 500', async () => {
    const responses = await atOnce(() => addRoom({ name: 'Race Hall', capacity: 20 }));
    expectOneWinner(responses, 201, { code: 'NAME_EXISTS', field: 'name' });
    expect(await roomsNamed('Race Hall')).toBe(1);
  });

  it('renames one room to a name and answers the others "Name already exists"', async () => {
    const ids: number[] = [];
    for (let index = 0; index < RACERS; index++) {
      ids.push((await addRoom({ name: `Rename Hall ${index}`, capacity: 10 })).json().id);
    }
    const responses = await atOnce((index) =>
      editRoom(ids[index] ?? 0, { name: 'Renamed Hall', capacity: 10 }),
    );
    expectOneWinner(responses, 200, { code: 'NAME_EXISTS', field: 'name' });
    expect(await roomsNamed('Renamed Hall')).toBe(1);
  });
});
