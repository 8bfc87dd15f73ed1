/**
 * The API as the throughput benchmark runs it, in its own process: a fresh database (PGlite
 * in DATA_DIR, or a scratch database on the server of BENCH_DATABASE_URL, dropped on exit)
 * with the demo data and BENCH_API_STUDENTS students, plus `GET /bench/pk`: the bare route
 * the ratios are taken against (one primary-key SELECT on the same database), and the
 * bookings and exams benchmarks' set-up and tally routes (`bookings-routes.ts`, `exams-routes.ts`).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Database, openDatabase } from '../../apps/api/src/db/client.ts';
import { users } from '../../apps/api/src/db/schema/index.ts';
import { openScratchDatabase } from '../../apps/api/src/db/scratch-database.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/index.ts';
import { BENCH_STUDENT_PASSWORD, BENCH_STUDENTS } from './bench-students.ts';
import { addBookingBenchRoutes } from './bookings-routes.ts';
import { addExamBenchRoutes } from './exams-routes.ts';
import { seedStudents } from './seed-students.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '';
const database: Database = serverUrl
  ? await openScratchDatabase(serverUrl, 'tasreeh_bench')
  : await openDatabase({ dataDir });
await seedStudents(database, BENCH_STUDENTS, await hashPassword(BENCH_STUDENT_PASSWORD));

const config = loadConfig({
  JWT_SECRET: 'b'.repeat(40),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: '/nonexistent',
  // a load test: the general per-address limit would measure its 429s
  RATE_LIMIT_PER_MINUTE: '0',
  // logins under load come from many addresses (X-Forwarded-For), as through a load balancer
  TRUST_PROXY: '1',
});
const app = await buildApp({ config, database, logger: false });
app.get('/bench/pk', { config: { access: 'public' } }, async () => {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, 1));
  return row;
});
addBookingBenchRoutes(app, database.db);
addExamBenchRoutes(app, database.db);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
