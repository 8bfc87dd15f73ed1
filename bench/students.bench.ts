/**
 * The students list at national scale: 1,000,000 students on PostgreSQL (a scratch database,
 * dropped at the end) and 100,000 on PGlite (BENCH_STUDENTS_POSTGRES, BENCH_STUDENTS_PGLITE),
 * then the list's first page, a deep page by cursor, name searches (English, Arabic), an ID
 * number, a phone and a filter, each asked BENCH_REPEAT (100) times through the whole API
 * (routing, session check, query, serialisation; app.inject). Prints p95 per query.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { openScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo-users.ts';
import { ENGINES, type Engine, postgresReachable, postgresUrl } from './lib/engines.ts';
import { readPositiveInt } from './lib/env.ts';
import { seedStudents } from './lib/seed-students.ts';
import { percentile } from './lib/stats.ts';
import { type BenchRow, count, ms, printTable } from './lib/table.ts';

const STUDENTS: Record<Engine, number> = {
  pglite: readPositiveInt('BENCH_STUDENTS_PGLITE', 100_000),
  postgres: readPositiveInt('BENCH_STUDENTS_POSTGRES', 1_000_000),
};
const REPEAT = readPositiveInt('BENCH_REPEAT', 100);
const SECTION = 'students list';
/** Searches whose p95 must stay under 50 ms at a million students (issue 10). */
const SEARCH_TARGET_MS = 50;

interface Query {
  measure: string;
  url: string;
  searchTarget?: boolean;
}

async function measureEngine(engine: Engine, dataDir: string) {
  const database: Database =
    engine === 'postgres'
      ? await openScratchDatabase(postgresUrl(), 'tasreeh_bench')
      : await openDatabase({ dataDir });
  try {
    console.log(`students list on ${engine}: seeding ${count(STUDENTS[engine])} students…`);
    const seeded = await seedStudents(database, STUDENTS[engine]);
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
    const queries: Query[] = [
      { measure: 'first page (name order)', url: '/api/students?limit=20' },
      { measure: 'page 51 by cursor', url: `/api/students?limit=20&cursor=${cursor}` },
      { measure: 'newest first', url: '/api/students?limit=20&sort=createdAt&order=desc' },
      {
        measure: 'search name (English)',
        url: '/api/students?limit=20&search=Rajesh%20Kumar',
        searchTarget: true,
      },
      {
        measure: 'search name (Arabic)',
        url: `/api/students?limit=20&search=${encodeURIComponent('راجيش كومار')}`,
        searchTarget: true,
      },
      {
        measure: 'search name (Arabic, Arabic order)',
        url: `/api/students?limit=20&sort=nameAr&search=${encodeURIComponent('راجيش كومار')}`,
        searchTarget: true,
      },
      { measure: 'search ID number', url: '/api/students?limit=20&search=B000004321', searchTarget: true },
      { measure: 'search ID number prefix', url: '/api/students?limit=20&search=B00004', searchTarget: true },
      { measure: 'search phone', url: '/api/students?limit=20&search=0570001234' },
      { measure: 'one branch, not on hold', url: '/api/students?limit=20&onHold=false&branchId=1' },
      { measure: 'count, no filter (capped)', url: '/api/students/count' },
      { measure: 'count, name search', url: '/api/students/count?search=Rajesh%20Kumar' },
    ];
    const figures = new Map<string, { text: string; p95: number }>();
    figures.set('students seeded (seconds)', {
      text: `${count(STUDENTS[engine])} (${seeded.toFixed(0)} s)`,
      p95: 0,
    });
    for (const query of queries) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const start = performance.now();
        const response = await get(query.url);
        times.push(performance.now() - start);
        if (response.statusCode !== 200)
          throw new Error(`${query.measure}: ${response.statusCode} ${response.body}`);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      figures.set(`${query.measure}, p95`, { text: ms(p95), p95 });
    }
    await app.close();
    return {
      figures,
      searchTargets: new Set(queries.filter((q) => q.searchTarget).map((q) => `${q.measure}, p95`)),
    };
  } finally {
    await database.close();
  }
}

export async function studentsBench(engines: readonly Engine[]): Promise<BenchRow[]> {
  const results = new Map<Engine, Awaited<ReturnType<typeof measureEngine>>>();
  for (const engine of engines) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-bench-'));
    try {
      results.set(engine, await measureEngine(engine, dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const first = results.values().next().value;
  if (!first) return [];
  return [...first.figures.keys()].map((measure) => {
    const [pglite, postgres] = ENGINES.map((engine) => results.get(engine)?.figures.get(measure));
    const isSearch = first.searchTargets.has(measure);
    return {
      section: SECTION,
      measure,
      pglite: pglite?.text,
      postgres: postgres?.text,
      target: isSearch ? `PostgreSQL < ${SEARCH_TARGET_MS} ms` : undefined,
      met: isSearch && postgres ? postgres.p95 < SEARCH_TARGET_MS : undefined,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engines = (await postgresReachable()) ? ENGINES : (['pglite'] as const);
  printTable(await studentsBench(engines));
}
