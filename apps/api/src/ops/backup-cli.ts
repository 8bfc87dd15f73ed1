import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, StartupError } from '../config.ts';
import { createBackup } from './backup.ts';

/**
 * `npm run backup [file]`: one archive of the database and the file store. Without a name it is
 * `tasreeh-backup-<date>-<time>.tar.gz` in the folder npm was started from; a folder name puts it there.
 */
const from = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[:T]/g, '-').replace(/\..*$/, '');
const defaultName = `tasreeh-backup-${stamp}.tar.gz`;

try {
  const config = loadConfig();
  const asked = path.resolve(from, process.argv[2] ?? '.');
  const output = existsSync(asked) && statSync(asked).isDirectory() ? path.join(asked, defaultName) : asked;
  const manifest = await createBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, output });
  console.log(
    `Backup written to ${output}\n  database: ${manifest.engine}, last migration ${manifest.lastMigration.tag ?? manifest.lastMigration.when}\n  files: ${manifest.files}`,
  );
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
