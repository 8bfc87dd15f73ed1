import { findOccupation } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, StartupError } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { courses, permissionGroups, students, users } from '../db/schema/index.ts';
import { snapshotDatabase as snapshot } from '../test/database-snapshot.ts';
import { seedDatabase } from './index.ts';

const development = { demo: true, admin: undefined, requireSuperAdmin: false };
const ADMIN = { email: 'admin@centre.sa', password: 'Str0ng!Passw0rd' };
const production = { demo: false, admin: ADMIN, requireSuperAdmin: true };

// Each test seeds a database migrated from nothing, opened before it (with the hooks' time).
let database: Database | undefined;
beforeEach(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await migrateDatabase(database);
});
async function freshDatabase(): Promise<Db> {
  if (!database) throw new Error('no database');
  return database.db;
}
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('seedDatabase in development', () => {
  it('seeds once: a second run changes nothing, and leaves what the centre changed', async () => {
    const db = await freshDatabase();
    expect(await seedDatabase(db, development)).toEqual({ demoSeeded: true, adminCreated: false });
    // A centre renames a starter group and a demo course; a restart must not bring the old ones back.
    await db
      .update(permissionGroups)
      .set({ nameEn: 'Cashiers' })
      .where(eq(permissionGroups.nameEn, 'Tellers'));
    await db
      .update(courses)
      .set({ nameEn: 'Food Safety 101' })
      .where(eq(courses.nameEn, 'Food Safety Basics'));
    const before = await snapshot(db);
    expect(await seedDatabase(db, development)).toEqual({ demoSeeded: false, adminCreated: false });
    expect(await snapshot(db)).toEqual(before);
  });

  it("gives demo students occupations the web knows, so that a profile shows them in the reader's language", async () => {
    const db = await freshDatabase();
    await seedDatabase(db, development);
    const rows = await db
      .select({ occupation: students.occupation, inIqama: students.occupationInIqama })
      .from(students);
    const stored = rows.flatMap((row) => [row.occupation, row.inIqama]).filter((value) => value !== null);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((value) => !findOccupation(value))).toEqual([]);
  });
});

describe('seedDatabase in production', () => {
  it('refuses to leave a database nobody can administer', async () => {
    const db = await freshDatabase();
    const start = seedDatabase(db, { ...production, admin: undefined });
    await expect(start).rejects.toBeInstanceOf(StartupError);
    await expect(seedDatabase(db, { ...production, admin: undefined })).rejects.toThrow(
      /set ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });

  it('creates the first super admin from ADMIN_EMAIL/ADMIN_PASSWORD, no demo account, and only once', async () => {
    const db = await freshDatabase();
    expect(await seedDatabase(db, production)).toEqual({ demoSeeded: false, adminCreated: true });
    const accounts = await db.select({ type: users.type, email: users.email }).from(users);
    expect(accounts).toEqual([{ type: 'super admin', email: ADMIN.email }]);
    // Later starts, even with other values, leave the existing super admin alone.
    const other = { ...production, admin: { email: 'other@centre.sa', password: 'An0ther!Passw0rd' } };
    expect(await seedDatabase(db, other)).toEqual({ demoSeeded: false, adminCreated: false });
    expect(await db.select({ email: users.email }).from(users)).toEqual([{ email: ADMIN.email }]);
    // And it can log in with that password.
    if (!database) throw new Error('no database');
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
      SMS_API_URL: 'http://127.0.0.1:9/sms',
      SMS_API_KEY: 'k',
      SELLER_NAME_EN: 'Tasreeh Training Centre',
      SELLER_NAME_AR: 'مركز تصريح للتدريب',
      SELLER_VAT_NUMBER: '300000000000003',
      SELLER_ADDRESS_EN: 'King Fahd Road, Riyadh',
      SELLER_ADDRESS_AR: 'طريق الملك فهد، الرياض',
      MOYASAR_SECRET_KEY: 'sk_test_0123456789',
      PUBLIC_URL: 'https://tasreeh.example.sa',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    const app = await buildApp({ config, database, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ type: 'super admin' });
    await app.close();
  });

  it('refuses an ADMIN_EMAIL another account already has', async () => {
    const db = await freshDatabase();
    await seedDatabase(db, { ...production, admin: undefined, requireSuperAdmin: false });
    await db.insert(users).values({
      type: 'CFO',
      email: ADMIN.email,
      nameEn: 'CFO',
      nameAr: 'المدير المالي',
      passwordHash: 'x',
    });
    await expect(seedDatabase(db, production)).rejects.toThrow(/ADMIN_EMAIL: another account/);
  });
});
