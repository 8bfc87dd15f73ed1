import { loadConfig, StartupError } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { claimDataDir } from '../db/data-dir-lock.ts';
import { migrateDatabase, withStartLock } from '../db/migrate.ts';
import { removeDemoAccounts } from './demo-accounts.ts';

/**
 * `npm run demo:remove`: disables every demo account of the configured database (the accounts a
 * development start seeded, with the published password, and any account with a demo e-mail) and
 * ends their sessions; no other account is touched. Safe to run again. Production refuses to
 * start until it has run.
 */
try {
  const config = loadConfig();
  const release = config.databaseUrl ? undefined : claimDataDir(config.dataDir, 'npm run demo:remove');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { removed, sessionsEnded } = await withStartLock(database, async () => {
      await migrateDatabase(database);
      return removeDemoAccounts(database.db);
    });
    if (removed === 0) console.log('No demo accounts left: nothing to remove.');
    else
      console.log(
        `Demo accounts disabled: ${removed} (inactive, password unusable; phone, username and ID number freed). ` +
          `Sessions ended: ${sessionsEnded}. Their bookings, payments and certificates are kept; no other account was touched.`,
      );
  } finally {
    await database.close();
    release?.();
  }
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
