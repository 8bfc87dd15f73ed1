/**
 * Throughput of the hot API routes as a share of a bare primary-key route on the same
 * database, and /api/health's p99 while 50 logins run at once; on PGlite and on PostgreSQL
 * (a scratch database on BENCH_DATABASE_URL's server, skipped when it does not answer).
 *
 * Env: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (10).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startBenchApi } from './lib/bench-api.ts';
import { BENCH_STUDENT_PASSWORD, BENCH_STUDENTS, benchStudentLogin } from './lib/bench-students.ts';
import { ENGINES, type Engine, postgresReachable } from './lib/engines.ts';
import { readPositiveInt } from './lib/env.ts';
import { cleanUp, logIn } from './lib/servers.ts';
import { type BenchRow, count, ms, percent, printTable } from './lib/table.ts';

const seconds = readPositiveInt('BENCH_SECONDS', 5);
const warmupSeconds = readPositiveInt('BENCH_WARMUP_SECONDS', 1, true);
const connections = readPositiveInt('BENCH_CONNECTIONS', 10);
const LOGINS = 50;
const SECTION = 'API throughput';

interface Target {
  measure: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** The least share of the bare route's throughput it must reach. */
  share?: number;
}

async function check(url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
}

async function throughput(baseUrl: string, target: Target, headers: Record<string, string>) {
  const options = {
    url: `${baseUrl}${target.path}`,
    method: target.method ?? 'GET',
    headers,
    body: target.body,
  };
  await check(options.url, { method: options.method, headers, body: options.body });
  if (warmupSeconds > 0) await autocannon({ ...options, connections, duration: warmupSeconds });
  const result = await autocannon({ ...options, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.measure}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** /api/health's p99 from one connection while LOGINS connections log in, over and over. */
async function healthUnderLogins(baseUrl: string): Promise<number> {
  let n = 0;
  const login = autocannon({
    url: `${baseUrl}/api/auth/login`,
    connections: LOGINS,
    duration: seconds + 1,
    requests: [
      {
        method: 'POST',
        // each login another student, from another address (the API trusts one proxy hop here)
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              email: benchStudentLogin(1 + (n % BENCH_STUDENTS)),
              password: BENCH_STUDENT_PASSWORD,
            }),
          };
        },
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const health = await autocannon({ url: `${baseUrl}/api/health`, connections: 1, duration: seconds });
  const logins = await login;
  if (logins.non2xx > 0 || logins.errors > 0) {
    throw new Error(`logins under load: ${logins.non2xx} non-2xx answers, ${logins.errors} errors`);
  }
  if (health.non2xx > 0 || health.errors > 0)
    throw new Error('health under logins: a non-2xx answer or an error');
  // No answer at all in the window is the worst case, not a p99 of 0.
  return health.requests.total === 0 ? Number.POSITIVE_INFINITY : health.latency.p99;
}

/** Every figure of one engine, by measure. */
async function measureEngine(engine: Engine): Promise<Map<string, { text: string; met?: boolean }>> {
  try {
    const baseUrl = await startBenchApi(engine);
    const { token } = await logIn(baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const studentId = (
      (await (await fetch(`${baseUrl}/api/students?limit=1`, { headers: auth })).json()) as {
        items: { id: number }[];
      }
    ).items[0]?.id;
    const targets: Target[] = [
      { measure: 'GET /api/health', path: '/api/health' },
      {
        measure: 'POST /api/auth/test-token',
        path: '/api/auth/test-token',
        method: 'POST',
        body: '{}',
        share: 0.75,
      },
      { measure: 'GET /api/students/:id', path: `/api/students/${studentId}`, share: 0.5 },
      { measure: 'GET /api/students (first page, 20)', path: '/api/students?limit=20', share: 0.35 },
    ];
    const figures = new Map<string, { text: string; met?: boolean }>();
    const bare = await throughput(baseUrl, { measure: 'bare', path: '/bench/pk' }, {});
    figures.set('bare route (one primary-key SELECT), req/s', { text: count(bare) });
    for (const target of targets) {
      const headers = target.method === 'POST' ? { ...auth, 'content-type': 'application/json' } : auth;
      const rate = await throughput(baseUrl, target, headers);
      const share = rate / bare;
      figures.set(`${target.measure}, share of bare`, {
        text: `${percent(share)} (${count(rate)}/s)`,
        met: target.share === undefined ? undefined : share >= target.share,
      });
    }
    const p99 = await healthUnderLogins(baseUrl);
    figures.set(`GET /api/health p99 during ${LOGINS} concurrent logins`, {
      text: Number.isFinite(p99) ? ms(p99) : `no answer in ${seconds} s`,
      met: p99 <= 100,
    });
    return figures;
  } finally {
    await cleanUp();
  }
}

const TARGETS: Record<string, string> = {
  'POST /api/auth/test-token, share of bare': '≥ 75 %',
  'GET /api/students/:id, share of bare': '≥ 50 %',
  'GET /api/students (first page, 20), share of bare': '≥ 35 %',
  [`GET /api/health p99 during ${LOGINS} concurrent logins`]: '≤ 100 ms',
};

export async function apiBench(engines: readonly Engine[]): Promise<BenchRow[]> {
  const byEngine = new Map<Engine, Map<string, { text: string; met?: boolean }>>();
  for (const engine of engines) {
    console.log(`API throughput on ${engine}…`);
    byEngine.set(engine, await measureEngine(engine));
  }
  const measures = [...(byEngine.values().next().value?.keys() ?? [])];
  return measures.map((measure) => {
    const cells = ENGINES.map((engine) => byEngine.get(engine)?.get(measure));
    const verdicts = cells.flatMap((cell) => (cell?.met === undefined ? [] : [cell.met]));
    return {
      section: SECTION,
      measure,
      pglite: cells[0]?.text,
      postgres: cells[1]?.text,
      target: TARGETS[measure],
      met: verdicts.length ? verdicts.every(Boolean) : undefined,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engines = (await postgresReachable()) ? ENGINES : (['pglite'] as const);
  printTable(await apiBench(engines));
}
