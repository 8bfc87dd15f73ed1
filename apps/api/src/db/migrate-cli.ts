import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
