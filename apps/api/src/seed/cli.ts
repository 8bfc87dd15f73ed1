import { loadConfig, StartupError } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { claimDataDir } from '../db/data-dir-lock.ts';
import { migrateDatabase, withStartLock } from '../db/migrate.ts';
import { certificateSigner } from '../modules/certificates/index.ts';
import { seedDatabase } from './index.ts';

/**
 * `npm run db:seed`: reference data, the demo data when the database has no users yet (not in
 * production), and the first super admin when ADMIN_EMAIL/ADMIN_PASSWORD are set.
 */
try {
  const config = loadConfig();
  const release = config.databaseUrl ? undefined : claimDataDir(config.dataDir, 'npm run db:seed');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const seeded = await withStartLock(database, async () => {
      await migrateDatabase(database);
      return seedDatabase(database.db, {
        demo: config.seedDemo,
        seller: config.seller,
        signer: certificateSigner(config.jwtSecret),
        admin: config.admin,
        requireSuperAdmin: false,
      });
    });
    if (seeded.demoSeeded) console.log('Demo data seeded.');
    else if (config.seedDemo) console.log('The database already has users: demo data left out.');
    if (seeded.adminCreated) console.log('First super admin created.');
  } finally {
    await database.close();
    release?.();
  }
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
