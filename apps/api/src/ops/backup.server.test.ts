import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { files, permissionGroups } from '../db/schema/index.ts';
import { createFileStore } from '../lib/file-store.ts';
import { seedDatabase } from '../seed/index.ts';
import { snapshotDatabase } from '../test/database-snapshot.ts';
import { createBackup, restoreBackup } from './backup.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n', 'latin1');

const names = [
  `tasreeh_backup_${randomUUID().replaceAll('-', '')}`,
  `tasreeh_restore_${randomUUID().replaceAll('-', '')}`,
];
const [sourceName, targetName] = names;
let work: string;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
function urlOf(name: string | undefined): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tasreeh-backup-pg-'));
  for (const name of names) await onServer(`create database ${name}`);
});
afterAll(async () => {
  for (const name of names) await onServer(`drop database if exists ${name} with (force)`);
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore on PostgreSQL (pg_dump, psql)', () => {
  it('round-trips the database and the files, and refuses a database that is not empty', async () => {
    const sourceDir = path.join(work, 'source');
    const source: Database = await openDatabase({ url: urlOf(sourceName) });
    await migrateDatabase(source);
    await seedDatabase(source.db, { demo: true, admin: undefined, requireSuperAdmin: false });
    const file = await createFileStore(sourceDir).save(PDF, 'application/pdf');
    await source.db.insert(files).values({ ...file, kind: 'test' });
    const original = await snapshotDatabase(source.db);

    const archive = path.join(work, 'backup.tar.gz');
    // The API may keep serving during a PostgreSQL backup: the source stays open here.
    const manifest = await createBackup({
      dataDir: sourceDir,
      databaseUrl: urlOf(sourceName),
      output: archive,
    });
    await source.close();
    expect(manifest).toMatchObject({ engine: 'postgres', files: 1 });

    const targetDir = path.join(work, 'target');
    await mkdir(targetDir);
    await restoreBackup({ dataDir: targetDir, databaseUrl: urlOf(targetName), archive });
    const target = await openDatabase({ url: urlOf(targetName) });
    try {
      expect(await snapshotDatabase(target.db)).toEqual(original);
      expect(await readFile(path.join(targetDir, 'files', file.storageKey))).toEqual(PDF);
      // Sequences came along: a new row takes a new id.
      await migrateDatabase(target);
      await target.db
        .insert(permissionGroups)
        .values({ nameEn: 'Auditors', nameAr: 'المدققون', privileges: {} });
    } finally {
      await target.close();
    }

    await expect(
      restoreBackup({ dataDir: path.join(work, 'other'), databaseUrl: urlOf(targetName), archive }),
    ).rejects.toThrow(/The database at DATABASE_URL is not empty/);
  });
});
