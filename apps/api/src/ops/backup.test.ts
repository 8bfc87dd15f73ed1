import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { claimDataDir } from '../db/data-dir-lock.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { files } from '../db/schema/index.ts';
import { createFileStore } from '../lib/file-store.ts';
import { seedDatabase } from '../seed/index.ts';
import { snapshotDatabase } from '../test/database-snapshot.ts';
import { type BackupManifest, createBackup, restoreBackup } from './backup.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n%%EOF\n', 'latin1');

let work: string;
let source: string;
let archive: string;
let original: Record<string, string>;
const stored: { storageKey: string; bytes: Buffer }[] = [];

/** A folder of its own for one data directory. */
const dataDir = async (name: string) => {
  const folder = path.join(work, name);
  await mkdir(folder, { recursive: true });
  return folder;
};

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'tasreeh-backup-test-'));
  source = await dataDir('source');
  // A centre's embedded database: demo data and two stored files with their rows.
  const database = await openDatabase({ dataDir: source });
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true, admin: undefined, requireSuperAdmin: false });
  const store = createFileStore(source);
  for (const [bytes, mimeType] of [
    [PNG, 'image/png'],
    [PDF, 'application/pdf'],
  ] as const) {
    const file = await store.save(bytes, mimeType);
    await database.db.insert(files).values({ ...file, kind: 'test' });
    stored.push({ storageKey: file.storageKey, bytes });
  }
  original = await snapshotDatabase(database.db);
  await database.close();
  archive = path.join(work, 'backup.tar.gz');
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('npm run backup / npm run restore on the embedded database', () => {
  it('round-trips the database and the files through one archive with a manifest', async () => {
    const manifest = await createBackup({ dataDir: source, databaseUrl: undefined, output: archive });
    expect(manifest).toMatchObject({
      format: 'tasreeh-backup',
      engine: 'pglite',
      appVersion: '0.0.0',
      files: 2,
      lastMigration: { tag: expect.stringMatching(/^\d{4}_/) },
    });
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(
      expect.arrayContaining(['manifest.json', 'database.tar.gz', `files/${stored[0]?.storageKey}`]),
    );

    const target = await dataDir('target');
    await restoreBackup({ dataDir: target, databaseUrl: undefined, archive });
    const restored = await openDatabase({ dataDir: target });
    expect(await snapshotDatabase(restored.db)).toEqual(original);
    // The restored database carries on where the original stopped.
    await migrateDatabase(restored);
    await restored.db.insert(files).values({
      id: crypto.randomUUID(),
      kind: 'test',
      storageKey: 'zz/new.png',
      mimeType: 'image/png',
      sizeBytes: 1,
      sha256: 'x',
    });
    await restored.close();
    for (const { storageKey, bytes } of stored) {
      expect(await readFile(path.join(target, 'files', storageKey))).toEqual(bytes);
    }
  });

  it('refuses to restore over an existing database or into a file store that holds files', async () => {
    const target = await dataDir('target');
    await expect(restoreBackup({ dataDir: target, databaseUrl: undefined, archive })).rejects.toThrow(
      /embedded database .* is not empty. A restore never mixes/,
    );
    const withFiles = await dataDir('with-files');
    await mkdir(path.join(withFiles, 'files'));
    await writeFile(path.join(withFiles, 'files', 'kept.pdf'), PDF);
    await expect(restoreBackup({ dataDir: withFiles, databaseUrl: undefined, archive })).rejects.toThrow(
      /file store .* is not empty/,
    );
    expect(existsSync(path.join(withFiles, 'pglite'))).toBe(false);
  });

  it('refuses an archive from a newer version, and an archive of the other engine', async () => {
    const unpacked = await dataDir('unpacked');
    await tar.x({ file: archive, cwd: unpacked });
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
    const repack = async (changed: BackupManifest, name: string) => {
      await writeFile(manifestFile, JSON.stringify(changed));
      const file = path.join(work, name);
      await tar.c({ gzip: true, file, cwd: unpacked }, ['manifest.json', 'database.tar.gz', 'files']);
      return file;
    };
    const newer = await repack(
      {
        ...manifest,
        appVersion: '9.0.0',
        lastMigration: { tag: '9999_from_the_future', when: manifest.lastMigration.when + 86_400_000 },
      },
      'newer.tar.gz',
    );
    const empty = await dataDir('empty');
    await expect(restoreBackup({ dataDir: empty, databaseUrl: undefined, archive: newer })).rejects.toThrow(
      /newer version of Tasreeh \(9\.0\.0\): its database has migration 9999_from_the_future/,
    );
    const postgres = await repack({ ...manifest, engine: 'postgres' }, 'postgres.tar.gz');
    await expect(
      restoreBackup({ dataDir: empty, databaseUrl: undefined, archive: postgres }),
    ).rejects.toThrow(/holds a PostgreSQL database/);
    // Nothing was written by either refusal.
    expect(existsSync(path.join(empty, 'pglite'))).toBe(false);
    expect(existsSync(path.join(empty, 'files'))).toBe(false);
  });

  it('refuses to copy an embedded database that a running API holds, and never overwrites a file', async () => {
    const release = claimDataDir(source, 'API server');
    await expect(
      createBackup({
        dataDir: source,
        databaseUrl: undefined,
        output: path.join(work, 'while-running.tar.gz'),
      }),
    ).rejects.toThrow(/in use by process \d+ \(API server\)/);
    release();
    await expect(createBackup({ dataDir: source, databaseUrl: undefined, output: archive })).rejects.toThrow(
      /exists already/,
    );
  });
});
