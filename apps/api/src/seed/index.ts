import { and, count, eq, not, sql } from 'drizzle-orm';
import { type Config, DEVELOPMENT_SELLER, StartupError } from '../config.ts';
import type { Db } from '../db/client.ts';
import { permissionGroups, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { type CertificateSigner, certificateSigner } from '../modules/certificates/index.ts';
import { removedDemoAccount } from './demo-accounts.ts';
import { seedDemoAdvances } from './demo-advances.ts';
import { seedDemoAmana } from './demo-amana.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { seedDemoCenters } from './demo-centers.ts';
import { seedDemoClosings } from './demo-closings.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { seedDemoExams } from './demo-exams.ts';
import { seedDemoLedger } from './demo-ledger.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoRefunds } from './demo-refunds.ts';
import { seedDemoSessions } from './demo-sessions.ts';
import { seedDemoSittings } from './demo-sittings.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedLedgerChart } from './ledger-chart.ts';
import { seedPermissionGroups } from './permission-groups.ts';

/**
 * Reference data a new database needs: the starter permission groups and the starter chart of
 * accounts, each on a database that has none yet. Once there, they are the centre's own to
 * rename or delete; a restart leaves them be.
 */
export async function seedReference(db: Db): Promise<void> {
  const [groups] = await db.select({ value: count() }).from(permissionGroups);
  if ((groups?.value ?? 0) === 0) await seedPermissionGroups(db);
  await seedLedgerChart(db);
}

/**
 * Demo data for a database with no users yet; returns whether it seeded. A database with users
 * is left as it is, so a second run changes nothing (and a deleted demo row stays deleted).
 */
/** Signs the demo certificates when the caller names no key (tests, benches); a server passes its own. */
const DEVELOPMENT_CERTIFICATE_SECRET = 'tasreeh-development-certificate-signing';

export async function seedDemo(
  db: Db,
  seller: Config['seller'] = DEVELOPMENT_SELLER,
  signer: CertificateSigner = certificateSigner(DEVELOPMENT_CERTIFICATE_SECRET),
): Promise<boolean> {
  const seeded = await seedDemoUsers(db);
  if (!seeded) return false;
  await seedDemoCourses(db);
  await seedDemoExams(db);
  await seedDemoProducts(db);
  await seedDemoCenters(db);
  await seedDemoSessions(db);
  await seedDemoBookings(db, seller);
  await seedDemoSittings(db, signer, seller);
  await seedDemoRefunds(db, seller);
  await seedDemoAdvances(db, seller);
  await seedDemoAmana(db);
  // posts what the seeds above wrote around the services
  await seedDemoLedger(db);
  // last: closes the past week, which then refuses payments dated in it
  await seedDemoClosings(db, seller);
  return true;
}

/** Whether a super admin exists (a demo one `npm run demo:remove` disabled is none). */
async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.type, 'super admin'), not(removedDemoAccount)));
  return (row?.value ?? 0) > 0;
}

/**
 * The first super admin of a database that has none, from ADMIN_EMAIL/ADMIN_PASSWORD; returns
 * whether it was created. Its password is hashed and never written anywhere else.
 */
export async function seedFirstAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  if (await hasSuperAdmin(db)) return false;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${admin.email}`);
  if (taken) throw new StartupError('ADMIN_EMAIL: another account already has this e-mail address');
  await db.insert(users).values({
    type: 'super admin',
    email: admin.email,
    nameEn: 'Administrator',
    nameAr: 'مدير النظام',
    passwordHash: await hashPassword(admin.password),
  });
  return true;
}

export interface SeedOptions {
  /** Demo accounts and data on a database with no users (development). */
  demo: boolean;
  /** Who the demo invoices name as seller (the configuration's); the development seller when left out. */
  seller?: Config['seller'];
  /** Signs the demo certificates: the server's key, so that its verification page checks them. */
  signer?: CertificateSigner;
  /** The first super admin, when the database has none. */
  admin: { email: string; password: string } | undefined;
  /** Refuse when, after seeding, nobody could administer the database (production). */
  requireSuperAdmin: boolean;
}

/**
 * Everything a start seeds, in order: reference data, demo data, the first super admin. Safe to
 * run again and — under the start lock (migrate.ts) — from several processes at once.
 */
export async function seedDatabase(
  db: Db,
  options: SeedOptions,
): Promise<{ demoSeeded: boolean; adminCreated: boolean }> {
  await seedReference(db);
  const demoSeeded = options.demo ? await seedDemo(db, options.seller, options.signer) : false;
  const adminCreated = options.admin ? await seedFirstAdmin(db, options.admin) : false;
  if (options.requireSuperAdmin && !(await hasSuperAdmin(db))) {
    throw new StartupError(
      'No super admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD for the first start in production ' +
        '(the account is created once, on a database without a super admin).',
    );
  }
  return { demoSeeded, adminCreated };
}
