import { USER_TYPES } from '@tasreeh/shared';
import { buildApp } from './app.ts';
import { type Config, loadConfig, StartupError } from './config.ts';
import { openDatabase } from './db/client.ts';
import { claimDataDir } from './db/data-dir-lock.ts';
import { migrateDatabase, withStartLock } from './db/migrate.ts';
import { certificateSigner } from './modules/certificates/index.ts';
import { refuseDemoAccounts } from './seed/demo-accounts.ts';
import { DEMO_PASSWORD, demoEmailOf } from './seed/demo-users.ts';
import { seedDatabase } from './seed/index.ts';

/** The address to show for the one the server listens on: `localhost` for the loopback and "every interface". */
function displayHost(host: string): string {
  if (['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

async function start(config: Config): Promise<void> {
  const releaseDataDir = config.databaseUrl ? undefined : claimDataDir(config.dataDir, 'API server');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // Migrations and seeds run under one lock, so processes started together on one new database take turns.
  const seeded = await withStartLock(database, async () => {
    await migrateDatabase(database);
    const result = await seedDatabase(database.db, {
      demo: config.seedDemo,
      seller: config.seller,
      signer: certificateSigner(config.jwtSecret),
      admin: config.admin,
      requireSuperAdmin: config.env === 'production',
    });
    // A database first started in development keeps its demo accounts: production refuses them.
    if (config.env === 'production') await refuseDemoAccounts(database.db);
    return result;
  }).catch(async (error: unknown) => {
    await database.close();
    releaseDataDir?.();
    throw error;
  });

  const app = await buildApp({ config, database });

  async function shutdown(signal: string) {
    app.log.info({ signal }, 'shutting down');
    // The job runner stops with the app, letting the jobs under way finish before the database closes.
    await app.close();
    await database.close();
    releaseDataDir?.();
    process.exit(0);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    `Tasreeh is running on http://${displayHost(config.host)}:${config.port} (${config.env} mode, database: ${where}).`,
  ];
  if (seeded.adminCreated && config.admin) lines.push(`First super admin created: ${config.admin.email}.`);
  if (config.seedDemo) {
    lines.push(`${seeded.demoSeeded ? 'Demo data seeded. ' : ''}Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const type of USER_TYPES) lines.push(`  ${type.padEnd(18)} ${demoEmailOf(type)}`);
  }
  if (config.env === 'development' && (!config.sms || !config.smtp)) {
    lines.push(
      `Messages without a configured gateway are not sent: they are printed here and kept at http://localhost:${config.port}/api/dev/outbox (this machine only).`,
    );
  }
  console.log(lines.join('\n'));
}

try {
  await start(loadConfig());
} catch (error) {
  // A refusal to start is said plainly, without a stack trace.
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
