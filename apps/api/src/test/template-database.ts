import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createDatabase, dropDatabase, openScratchDatabase } from '../db/scratch-database.ts';
import { certificateSigner } from '../modules/certificates/index.ts';
import { seedDemo, seedReference } from '../seed/index.ts';
import { TEST_JWT_SECRET } from './test-secret.ts';

/**
 * The migrated and seeded database every test app starts from, made once per vitest run
 * (test/global-setup.ts): a PGlite data directory dumped to a file, or a database on the
 * PostgreSQL server of TEST_DATABASE_URL that each test file's database is created from.
 */
export type TemplateDatabase = { engine: 'pglite'; dumpFile: string } | { engine: 'postgres'; name: string };

async function migrateAndSeed(database: Database): Promise<void> {
  await migrateDatabase(database);
  await seedReference(database.db);
  // Signed with the test apps' key, so that their verification checks the demo certificates.
  await seedDemo(database.db, undefined, certificateSigner(TEST_JWT_SECRET));
}

/** Builds the template; `drop` removes it at the end of the run. */
export async function createTemplateDatabase(
  serverUrl: string | undefined,
): Promise<{ template: TemplateDatabase; drop(): Promise<void> }> {
  if (serverUrl) {
    const { name, url } = await createDatabase(serverUrl, 'tasreeh_template');
    const database = await openDatabase({ url });
    try {
      await migrateAndSeed(database);
    } finally {
      // A template is copied only while no one is connected to it.
      await database.close();
    }
    return { template: { engine: 'postgres', name }, drop: () => dropDatabase(serverUrl, name) };
  }
  const database = await openDatabase({ dataDir: 'memory' });
  const folder = await mkdtemp(path.join(tmpdir(), 'tasreeh-template-'));
  const dumpFile = path.join(folder, 'pgdata.tar');
  try {
    await migrateAndSeed(database);
    // A `pglite` database was made by drizzle's PGlite driver, whose client is the PGlite instance.
    const client = (database.db as PgliteDatabase<never> & { $client: PGlite }).$client;
    // Uncompressed: each test file loads it, and unpacking a gzip costs more than reading the file.
    const dump = await client.dumpDataDir('none');
    await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    template: { engine: 'pglite', dumpFile },
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

/** A fresh database for one test file, a copy of the template; closing it drops it. */
export async function openFromTemplate(
  template: TemplateDatabase,
  serverUrl: string | undefined,
): Promise<Database> {
  if (template.engine === 'pglite') {
    return openDatabase({ dataDir: 'memory', loadDataDir: new Blob([await readFile(template.dumpFile)]) });
  }
  if (!serverUrl) throw new Error('the template database is on PostgreSQL, but TEST_DATABASE_URL is not set');
  return openScratchDatabase(serverUrl, 'tasreeh_test', { template: template.name });
}
