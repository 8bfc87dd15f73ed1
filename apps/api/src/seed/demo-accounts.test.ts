import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../config.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { branchIdOf } from '../test/accounts.ts';
import { newStudentFields } from '../test/students.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../test/users.ts';
import {
  countUsableDemoAccounts,
  REMOVED_DEMO_PASSWORD_HASH,
  refuseDemoAccounts,
  removeDemoAccounts,
} from './demo-accounts.ts';
import { DEMO_PASSWORD, demoEmailOf } from './demo-users.ts';
import { seedDatabase } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password = DEMO_PASSWORD) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('demo accounts in a database first started in development', () => {
  let realIds: number[] = [];
  let realBefore: unknown[] = [];
  let tellerToken = '';
  let demoCount = 0;

  beforeAll(async () => {
    const admin = await t.loginAs('super admin');
    const staff = await t.call({
      method: 'POST',
      url: '/api/users',
      token: admin.token,
      payload: newStaffFields({ ...(await staffPlaces(t)), branchId: await branchIdOf(t, 'RUH-01') }),
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const studentFields = newStudentFields(await branchIdOf(t, 'RUH-01'));
    const student = await t.call({
      method: 'POST',
      url: '/api/students',
      token: admin.token,
      payload: studentFields,
    });
    expect(student.statusCode, student.body).toBe(201);
    const [studentUser] = await t.db
      .select({ userId: users.id })
      .from(users)
      .where(eq(users.email, studentFields.email));
    realIds = [staff.json().id, studentUser?.userId ?? -1];
    realBefore = await t.db.select().from(users).where(inArray(users.id, realIds)).orderBy(users.id);
    expect(realBefore).toHaveLength(2);
    tellerToken = (await t.loginAs('Teller')).token;
    demoCount = await countUsableDemoAccounts(t.db);
  });

  it("are marked by migration 0029 in a database seeded before it, by e-mail or by the demo seed's password hash", async () => {
    const marked = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isDemo, true))
      .orderBy(users.id);
    // The demo COO changed its e-mail before the mark existed; its password is still the demo one.
    await t.db
      .update(users)
      .set({ email: 'coo@centre.sa' })
      .where(eq(users.email, demoEmailOf('COO')));
    await t.db.update(users).set({ isDemo: false }).where(eq(users.isDemo, true));
    const migration = await readFile(
      new URL('../db/migrations/0029_demo_accounts.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    await t.db.execute(sql.raw(backfill));
    const remarked = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isDemo, true))
      .orderBy(users.id);
    expect(remarked).toEqual(marked);
  });

  it('are every seeded login, found by their mark or their e-mail, even after their owner changed the password', async () => {
    const seeded = await t.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true));
    expect(demoCount).toBe(seeded.length);
    // The demo CFO changed its password (and the demo COO its e-mail, above): both are still demo accounts.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('Own-Secret#2026') })
      .where(eq(users.email, demoEmailOf('CFO')));
    // A real account given a demo e-mail (a `.test` address nobody can receive) counts too.
    await t.db
      .update(users)
      .set({ isDemo: false })
      .where(eq(users.email, demoEmailOf('manager')));
    expect(await countUsableDemoAccounts(t.db)).toBe(demoCount);
  });

  it('stop a production start, with the command that removes them', async () => {
    const refusal = refuseDemoAccounts(t.db);
    await expect(refusal).rejects.toBeInstanceOf(StartupError);
    await expect(refuseDemoAccounts(t.db)).rejects.toThrow(/npm run demo:remove/);
  });

  it('are disabled by demo:remove, sessions and all, and production starts after it', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: tellerToken })).statusCode,
    ).toBe(200);
    expect(await removeDemoAccounts(t.db)).toEqual({ removed: demoCount, sessionsEnded: expect.any(Number) });

    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: tellerToken })).statusCode,
    ).toBe(401);
    expect((await login(demoEmailOf('super admin'))).statusCode).not.toBe(200);
    expect((await login(demoEmailOf('CFO'), 'Own-Secret#2026')).statusCode).not.toBe(200);
    const [teller] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmailOf('Teller')));
    expect(teller).toMatchObject({
      status: 'inactive',
      passwordHash: REMOVED_DEMO_PASSWORD_HASH,
      phone: null,
      username: null,
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.demo-remove'));
    expect(audited).toHaveLength(demoCount);
    await expect(refuseDemoAccounts(t.db)).resolves.toBeUndefined();
  });

  it('leave every other account as it was', async () => {
    const after = await t.db.select().from(users).where(inArray(users.id, realIds)).orderBy(users.id);
    expect(after).toEqual(realBefore);
  });

  it('are removed once: a second run changes nothing', async () => {
    const before = await t.db.select().from(users).orderBy(users.id);
    expect(await removeDemoAccounts(t.db)).toEqual({ removed: 0, sessionsEnded: 0 });
    expect(await t.db.select().from(users).orderBy(users.id)).toEqual(before);
  });

  it('leave no super admin behind: the first start in production creates the one ADMIN_EMAIL names', async () => {
    const admin = { email: 'admin@centre.sa', password: 'Str0ng!Passw0rd' };
    const seeded = await seedDatabase(t.db, { demo: false, admin, requireSuperAdmin: true });
    expect(seeded).toEqual({ demoSeeded: false, adminCreated: true });
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });
});
