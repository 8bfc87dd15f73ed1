import { loadConfig, StartupError } from '../config.ts';
import { openDatabase } from './client.ts';
import { claimDataDir } from './data-dir-lock.ts';
import { migrateDatabase, withStartLock } from './migrate.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
try {
  const config = loadConfig();
  const release = config.databaseUrl ? undefined : claimDataDir(config.dataDir, 'npm run db:migrate');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await withStartLock(database, () => migrateDatabase(database));
    console.log(`Migrations applied (${database.engine}).`);
  } finally {
    await database.close();
    release?.();
  }
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
