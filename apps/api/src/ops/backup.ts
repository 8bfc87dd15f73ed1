import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { StartupError } from '../config.ts';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client.ts';
import { claimDataDir } from '../db/data-dir-lock.ts';
import { knownMigrationStamps, withStartLock } from '../db/migrate.ts';

/** What an archive says about itself, in `manifest.json`. */
export interface BackupManifest {
  format: 'tasreeh-backup';
  formatVersion: 1;
  /** The version of the API that wrote it (apps/api/package.json). */
  appVersion: string;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The newest migration applied to the database copied: its file name and drizzle's timestamp. */
  lastMigration: { tag: string | null; when: number };
  /** How many stored files the archive holds. */
  files: number;
}

const FORMAT_VERSION = 1;
const DUMP_FILE = { pglite: 'database.tar.gz', postgres: 'database.sql' } as const;

export class BackupError extends StartupError {
  override name = 'BackupError';
}

function appVersion(): string {
  const file = path.join(import.meta.dirname, '../../package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Runs a PostgreSQL client tool; its own words become the error if it fails. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const errors: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    child.once('error', (error) => {
      const missing = 'code' in error && error.code === 'ENOENT';
      reject(
        new BackupError(
          missing
            ? `${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`
            : `${command} could not run: ${error.message}`,
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}):\n${errors.join('').trim()}`));
    });
  });
}

async function countFiles(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return true;
  return (await readdir(folder)).length === 0;
}

/** The newest applied migration, as drizzle records it (`created_at` is the journal's `when`). */
function lastMigrationOf(rows: { created_at: string | number }[]): BackupManifest['lastMigration'] {
  const when = Number(rows[0]?.created_at);
  if (!rows[0] || !Number.isFinite(when)) {
    throw new BackupError('The database has no migrations applied: there is nothing to back up.');
  }
  return { tag: knownMigrationStamps().get(when) ?? null, when };
}

const LAST_MIGRATION_SQL =
  'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1';

async function dumpPglite(dataDir: string, target: string): Promise<BackupManifest['lastMigration']> {
  const folder = path.join(dataDir, 'pglite');
  if (await isEmptyFolder(folder)) throw new BackupError(`There is no embedded database in ${folder}.`);
  const client = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
  try {
    const last = lastMigrationOf((await client.query<{ created_at: string }>(LAST_MIGRATION_SQL)).rows);
    const dump = await client.dumpDataDir('gzip');
    await writeFile(target, Buffer.from(await dump.arrayBuffer()));
    return last;
  } finally {
    await client.close();
  }
}

async function dumpPostgres(databaseUrl: string, target: string): Promise<BackupManifest['lastMigration']> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let last: BackupManifest['lastMigration'];
  try {
    last = lastMigrationOf((await client.query<{ created_at: string }>(LAST_MIGRATION_SQL)).rows);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError('The database has no migrations applied: there is nothing to back up.');
  } finally {
    await client.end();
  }
  // One transaction of its own (pg_dump's snapshot): consistent while the API keeps serving.
  await runTool('pg_dump', [
    '--format=plain',
    '--no-owner',
    '--no-privileges',
    '--file',
    target,
    databaseUrl,
  ]);
  return last;
}

/**
 * Writes one archive (`.tar.gz`) holding a consistent copy of the database, the file store and a
 * manifest (app version, newest migration). PostgreSQL is copied with `pg_dump` while the API
 * runs. The embedded database is copied with PGlite's own dump, which needs the database to
 * itself: the API must be stopped (its claim on the folder is checked, and this claims it in
 * turn, so the API cannot start half-way). Files are copied after the database, so every file
 * the copied database names is in the archive.
 */
export async function createBackup(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  output: string;
}): Promise<BackupManifest> {
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  if (existsSync(options.output))
    throw new BackupError(`${options.output} exists already; choose another name.`);
  const release = engine === 'pglite' ? claimDataDir(options.dataDir, 'npm run backup') : undefined;
  const staging = await mkdtemp(path.join(tmpdir(), 'tasreeh-backup-'));
  try {
    const dumpFile = path.join(staging, DUMP_FILE[engine]);
    const lastMigration = options.databaseUrl
      ? await dumpPostgres(options.databaseUrl, dumpFile)
      : await dumpPglite(options.dataDir, dumpFile);
    const filesDir = path.join(options.dataDir, 'files');
    const entries = [DUMP_FILE[engine], 'manifest.json'];
    if (existsSync(filesDir)) {
      await cp(filesDir, path.join(staging, 'files'), { recursive: true });
      entries.push('files');
    }
    const manifest: BackupManifest = {
      format: 'tasreeh-backup',
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      engine,
      lastMigration,
      files: await countFiles(path.join(staging, 'files')),
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(options.output)), { recursive: true });
    // Written under another name first: an interrupted backup never leaves a file that looks whole.
    const partial = `${options.output}.partial-${randomBytes(4).toString('hex')}`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, options.output);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    release?.();
  }
}

async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file)) throw new BackupError('This is not a Tasreeh backup (no manifest.json).');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Partial<BackupManifest>;
  if (manifest.format !== 'tasreeh-backup') throw new BackupError('This is not a Tasreeh backup.');
  if (manifest.formatVersion !== FORMAT_VERSION || !manifest.lastMigration || !manifest.engine) {
    throw new BackupError(
      `This backup's format (${String(manifest.formatVersion)}) is newer than this version of Tasreeh reads; update Tasreeh first.`,
    );
  }
  return manifest as BackupManifest;
}

/** Refuses a backup whose database has a migration this code does not know: it was made by a newer version. */
function checkMigrations(manifest: BackupManifest): void {
  const known = knownMigrationStamps();
  const newest = Math.max(...known.keys());
  if (known.has(manifest.lastMigration.when)) return;
  const name = manifest.lastMigration.tag ?? `made at ${new Date(manifest.lastMigration.when).toISOString()}`;
  throw new BackupError(
    manifest.lastMigration.when > newest
      ? `This backup comes from a newer version of Tasreeh (${manifest.appVersion}): its database has migration ${name}, which this version does not know. Update Tasreeh, then restore.`
      : `This backup's database has migration ${name}, which this version of Tasreeh does not know; restore it with the version that made it.`,
  );
}

/** Whether a PostgreSQL database holds anything of ours or anyone's: any table, or drizzle's schema. */
async function isEmptyPostgres(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ used: boolean }>(
      `select exists (
         select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and c.relkind in ('r', 'p', 'v', 'm', 'S')
       ) or exists (select 1 from pg_namespace where nspname = 'drizzle') as used`,
    );
    return !result.rows[0]?.used;
  } finally {
    await client.end();
  }
}

async function restorePostgres(databaseUrl: string, dumpFile: string): Promise<void> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    // An API starting meanwhile waits on the start lock, then finds the restored database.
    await withStartLock(database, async () => {
      // Checked again under the lock: a server may have started on it since.
      if (!(await isEmptyPostgres(databaseUrl))) throw notEmpty(POSTGRES_TARGET);
      await runTool('psql', [
        '--quiet',
        '--no-psqlrc',
        '-v',
        'ON_ERROR_STOP=1',
        '--single-transaction',
        '--file',
        dumpFile,
        databaseUrl,
      ]);
    });
  } finally {
    await database.close();
  }
}

async function restorePglite(dataDir: string, dumpFile: string): Promise<void> {
  const folder = path.join(dataDir, 'pglite');
  const bytes = await readFile(dumpFile);
  try {
    const client = await PGlite.create(folder, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }),
    });
    await client.close();
  } catch (error) {
    // Nothing was there before (checked): a half-written folder goes.
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

const POSTGRES_TARGET = 'The database at DATABASE_URL';

function notEmpty(what: string): BackupError {
  return new BackupError(
    `${what} is not empty. A restore never mixes a backup with existing data: restore into a new, empty database and data folder (or move the existing ones away first).`,
  );
}

/**
 * Restores an archive made by `createBackup` into an empty database (the embedded one in
 * DATA_DIR, or DATABASE_URL) and an empty file store. Refuses, before changing anything, an
 * archive from a newer version, an archive of the other engine, and any existing data.
 */
export async function restoreBackup(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  archive: string;
}): Promise<BackupManifest> {
  if (!existsSync(options.archive) || !(await stat(options.archive)).isFile()) {
    throw new BackupError(`${options.archive}: no such file.`);
  }
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  const release = engine === 'pglite' ? claimDataDir(options.dataDir, 'npm run restore') : undefined;
  // Unpacked inside the data folder, so that the file store is moved into place, not copied.
  const staging = path.join(options.dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(staging, { recursive: true });
    try {
      await tar.x({ file: options.archive, cwd: staging, strict: true });
    } catch {
      throw new BackupError(`${options.archive} is not a Tasreeh backup (not a readable .tar.gz).`);
    }
    const manifest = await readManifest(staging);
    checkMigrations(manifest);
    if (manifest.engine !== engine) {
      throw new BackupError(
        manifest.engine === 'pglite'
          ? 'This backup holds an embedded (PGlite) database: restore it with DATABASE_URL unset.'
          : 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
      );
    }
    if (options.databaseUrl) {
      if (!(await isEmptyPostgres(options.databaseUrl))) throw notEmpty(POSTGRES_TARGET);
    } else if (!(await isEmptyFolder(path.join(options.dataDir, 'pglite')))) {
      throw notEmpty(`The embedded database ${path.join(options.dataDir, 'pglite')}`);
    }
    const filesDir = path.join(options.dataDir, 'files');
    if (!(await isEmptyFolder(filesDir))) throw notEmpty(`The file store ${filesDir}`);
    const dumpFile = path.join(staging, DUMP_FILE[engine]);
    if (options.databaseUrl) await restorePostgres(options.databaseUrl, dumpFile);
    else await restorePglite(options.dataDir, dumpFile);
    if (existsSync(path.join(staging, 'files'))) {
      await rm(filesDir, { recursive: true, force: true });
      await rename(path.join(staging, 'files'), filesDir);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    release?.();
  }
}
