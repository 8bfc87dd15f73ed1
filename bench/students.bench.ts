/**
 * The students list at national scale: 100 000 students (BENCH_STUDENTS) in one database,
 * then the list's first page, a deep page by cursor, a name search (Arabic and English), an
 * ID-number prefix and a phone search, each asked REPEAT times through the whole API
 * (routing, session check, query, serialisation). Prints p50, p95 and max per query.
 *
 * Runs on a fresh embedded PGlite; with BENCH_DATABASE_URL (a PostgreSQL server URL) on a
 * fresh database created there and dropped at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { openScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo-users.ts';
import { seedDemo, seedReference } from '../apps/api/src/db/seed/index.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 100);

function openBenchDatabase(dataDir: string): Promise<Database> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  return serverUrl ? openScratchDatabase(serverUrl, 'tasreeh_bench') : openDatabase({ dataDir });
}

/** Many students in two statements: names from a few hundred combinations, unique IDs, e-mails and phones. */
async function seedStudents(database: Database, count: number) {
  await database.db.execute(sql`
    insert into users (type, email, phone, name_en, name_ar, id_type, id_number, branch_id, password_hash)
    select 'student',
           'bench' || n || '@example.com',
           '+9665' || lpad(n::text, 8, '0'),
           (array['Mohammed','Ahmed','Rajesh','Abdul','Juan','Siti','Ram','Karim','Jose','Ali'])[1 + n % 10] || ' ' ||
           (array['Khan','Hussain','Kumar','Rahman','Santos','Aziz','Thapa','Reyes','Ali','Das'])[1 + (n / 10) % 10] || ' ' || n,
           (array['محمد','أحمد','راجيش','عبدالله','خوان','سيتي','رام','كريم','خوسيه','علي'])[1 + n % 10] || ' ' ||
           (array['خان','حسين','كومار','رحمن','سانتوس','عزيز','ثابا','رييس','علي','داس'])[1 + (n / 10) % 10],
           'passport', 'B' || lpad(n::text, 9, '0'),
           (select id from branches order by id limit 1 offset (n % 3)),
           'not-a-login'
    from generate_series(1, ${count}) as n`);
  await database.db.execute(sql`
    insert into students (user_id, branch_id, nationality, gender, region_code, city_id)
    select id, branch_id, 'IN', 'male', 'SA-01', 'riyadh' from users
    where type = 'student' and email like 'bench%'`);
  await database.db.execute(sql`analyze`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-bench-'));
  const database = await openBenchDatabase(dataDir);
  try {
    await migrateDatabase(database);
    await seedReference(database.db);
    await seedDemo(database.db);
    const started = performance.now();
    await seedStudents(database, STUDENTS);
    console.log(
      `${database.engine}: ${STUDENTS.toLocaleString('en')} students seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({
      JWT_SECRET: 'b'.repeat(40),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'superadmin@tasreeh.test', password: DEMO_PASSWORD },
    });
    const token = login.json().access_token as string;
    const get = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    let cursor = '';
    for (let i = 0; i < 50; i++)
      cursor = (await get(`/api/students?limit=20${cursor ? `&cursor=${cursor}` : ''}`)).json().nextCursor;
    const queries: [string, string][] = [
      ['first page (name order)', '/api/students?limit=20'],
      ['page 51 by cursor', `/api/students?limit=20&cursor=${cursor}`],
      ['newest first', '/api/students?limit=20&sort=createdAt&order=desc'],
      ['search name (English)', '/api/students?limit=20&search=Rajesh%20Kumar'],
      ['search name (Arabic)', `/api/students?limit=20&search=${encodeURIComponent('راجيش كومار')}`],
      ['search ID number prefix', '/api/students?limit=20&search=B00004'],
      ['search phone', '/api/students?limit=20&search=0001234'],
      ['one branch, on hold', '/api/students?limit=20&onHold=false&branchId=1'],
    ];
    console.log(`\n${REPEAT} requests each, through the whole API (app.inject), Node ${process.version}\n`);
    console.log(
      `${'query'.padEnd(28)} ${'rows'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const [label, url] of queries) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REPEAT; i++) {
        const start = performance.now();
        const response = await get(url);
        times.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        total = response.json().total;
      }
      times.sort((a, b) => a - b);
      const row = [percentile(times, 50), percentile(times, 95), times.at(-1) ?? 0].map((ms) =>
        ms.toFixed(1).padStart(8),
      );
      console.log(`${label.padEnd(28)} ${String(total).padStart(8)} ${row.join(' ')}`);
    }
    await app.close();
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
