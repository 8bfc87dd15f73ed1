import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchIdOf } from '../../test/accounts.ts';
import { settleFirstLogin } from '../../test/first-login.ts';
import { newStudentFields } from '../../test/students.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let corporate: string;
let corporateId: number;
let admin: string;
let branchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const login = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'corporate@tasreeh.test', password: 'Tasreeh@2026' },
  });
  corporate = login.json().access_token;
  corporateId = login.json().corporateId;
  await settleFirstLogin(t.db, login.json().userId);
  admin = (await t.loginAs('super admin')).token;
  branchId = await branchIdOf(t, 'RUH-01');
});
afterAll(async () => {
  await t.close();
});

const worker = (overrides: Record<string, unknown> = {}) => newStudentFields(branchId, overrides);

describe("a corporate's own students", () => {
  it('adds a worker, always under itself, and lists only its own', async () => {
    const list = async () =>
      (await t.call({ method: 'GET', url: '/api/corporate/students?limit=100', token: corporate })).json();
    const count = async () =>
      (await t.call({ method: 'GET', url: '/api/corporate/students/count', token: corporate })).json().total;
    const before = await count();
    const added = await t.call({
      method: 'POST',
      url: '/api/corporate/students',
      token: corporate,
      payload: worker({ corporateId: 999 }),
    });
    expect(added.statusCode).toBe(201);
    await t.call({ method: 'POST', url: '/api/students', token: admin, payload: worker() });
    const page = await list();
    expect(await count()).toBe(before + 1);
    expect(page.items).toHaveLength(before + 1);
    expect(page.items.map((item: { id: number }) => item.id)).toContain(added.json().id);
    expect(
      page.items.every((item: { corporate: { id: number } | null }) => item.corporate?.id === corporateId),
    ).toBe(true);
  });

  it('shows its own student’s profile and answers 404 for anyone else’s', async () => {
    const own = (
      await t.call({ method: 'POST', url: '/api/corporate/students', token: corporate, payload: worker() })
    ).json();
    const other = (
      await t.call({ method: 'POST', url: '/api/students', token: admin, payload: worker() })
    ).json();
    expect(
      (await t.call({ method: 'GET', url: `/api/corporate/students/${own.id}`, token: corporate }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/corporate/students/${other.id}`, token: corporate }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/corporate/students/${other.id}`, token: corporate }))
        .statusCode,
    ).toBe(404);
  });

  it("carries the corporate's abilities on its own student: it may remove them and edit nothing; the back office the reverse", async () => {
    const own = (
      await t.call({ method: 'POST', url: '/api/corporate/students', token: corporate, payload: worker() })
    ).json();
    const asCorporate = await t.call({
      method: 'GET',
      url: `/api/corporate/students/${own.id}`,
      token: corporate,
    });
    expect(asCorporate.json().abilities).toEqual({ edit: false, hold: false, transfer: false, remove: true });
    const asAdmin = await t.call({ method: 'GET', url: `/api/students/${own.id}`, token: admin });
    expect(asAdmin.json().abilities).toEqual({ edit: true, hold: true, transfer: true, remove: false });
  });

  it('removes a student from the corporate, who stays a student of the centre', async () => {
    const own = (
      await t.call({ method: 'POST', url: '/api/corporate/students', token: corporate, payload: worker() })
    ).json();
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/corporate/students/${own.id}`,
      token: corporate,
    });
    expect(removed.json().message).toBe('Records have been updated.');
    expect(
      (await t.call({ method: 'GET', url: `/api/corporate/students/${own.id}`, token: corporate }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/students/${own.id}`, token: admin })).json(),
    ).toMatchObject({ corporate: null });
  });

  it('is for corporates only, and corporates stay out of the back-office routes', async () => {
    for (const type of ['student', 'Teller', 'super admin'] as const) {
      const { token } = await t.loginAs(type);
      expect((await t.call({ method: 'GET', url: '/api/corporate/students', token })).statusCode, type).toBe(
        403,
      );
    }
    expect((await t.call({ method: 'GET', url: '/api/students', token: corporate })).statusCode).toBe(403);
  });
});
