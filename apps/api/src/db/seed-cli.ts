import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDemo, seedReference } from './seed/index.ts';

/** `npm run db:seed`: reference data, and the demo data when the database has no users yet. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  await seedReference(database.db);
  const seeded = await seedDemo(database.db);
  console.log(seeded ? 'Demo data seeded.' : 'The database already has users: demo data left out.');
} finally {
  await database.close();
}
