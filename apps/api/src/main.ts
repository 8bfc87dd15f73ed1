import { USER_TYPES } from '@tasreeh/shared';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DEMO_PASSWORD, demoEmailOf } from './db/seed/demo-users.ts';
import { seedDemo, seedReference } from './db/seed/index.ts';
import { pruneIdempotencyKeys } from './lib/command.ts';
import { createOutboxDispatcher } from './lib/outbox/outbox.ts';
import { developmentSender, httpSmsSender, smtpEmailSender } from './lib/outbox/senders.ts';
import { pruneCounters } from './lib/rate-limit.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
await seedReference(database.db);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;

const app = await buildApp({ config, database });
const dispatcher = createOutboxDispatcher({
  db: database.db,
  log: app.log,
  redactSent: config.env === 'production',
  senders: {
    sms: config.sms ? httpSmsSender(config.sms) : developmentSender('sms'),
    email: config.smtp ? smtpEmailSender(config.smtp.url, config.smtp.from) : developmentSender('email'),
  },
});
dispatcher.start(2000);
const pruning = setInterval(() => {
  pruneCounters(database.db).catch((error: unknown) =>
    app.log.error({ err: error }, 'pruning rate-limit counters failed'),
  );
  pruneIdempotencyKeys(database.db).catch((error: unknown) =>
    app.log.error({ err: error }, 'pruning idempotency keys failed'),
  );
}, 3_600_000);
pruning.unref();

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  dispatcher.stop();
  clearInterval(pruning);
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
const lines = [`Tasreeh is running on http://localhost:${config.port} (database: ${where}).`];
if (config.seedDemo) {
  lines.push(`${seeded ? 'Demo data seeded. ' : ''}Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const type of USER_TYPES) lines.push(`  ${type.padEnd(18)} ${demoEmailOf(type)}`);
}
console.log(lines.join('\n'));
