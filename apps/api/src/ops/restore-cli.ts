import path from 'node:path';
import { loadConfig, StartupError } from '../config.ts';
import { restoreBackup } from './backup.ts';

/** `npm run restore <file>`: an archive of `npm run backup` into an empty database and file store. */
const from = process.env.INIT_CWD ?? process.cwd();

try {
  const file = process.argv[2];
  if (!file) throw new StartupError('Usage: npm run restore <backup file>');
  const config = loadConfig();
  const archive = path.resolve(from, file);
  const manifest = await restoreBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, archive });
  const where = config.databaseUrl
    ? 'the database at DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  console.log(
    `Restored ${archive} (made ${manifest.createdAt} by version ${manifest.appVersion}) into ${where}, with ${manifest.files} files. Start Tasreeh as usual; newer migrations are applied at start.`,
  );
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
