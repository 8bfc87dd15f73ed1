/**
 * Throughput and latency of the hot auth paths (DESIGN §6): GET /api/health and
 * POST /api/auth/test-token (run on every protected route), next to a bare Fastify
 * hello-world on the same machine as the ceiling. Both servers are child processes on
 * 127.0.0.1 and are killed at the end, also on error or Ctrl-C.
 *
 * Env: BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (1), BENCH_CONNECTIONS (10).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const LOGIN = { email: 'superadmin@tasreeh.test', password: 'Tasreeh@2026' };

const seconds = readPositiveInt('BENCH_SECONDS', 10);
const warmupSeconds = readPositiveInt('BENCH_WARMUP_SECONDS', 1, true);
const connections = readPositiveInt('BENCH_CONNECTIONS', 10);
/** Start-up (migrations and seed, ~5 s) plus every run, with room to spare. */
const DEADLINE_MS = 120_000 + 3 * (seconds + warmupSeconds) * 1000;

function readPositiveInt(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(`${name} must be a whole number${allowZero ? '' : ' above 0'}, got "${raw}"`);
  }
  return value;
}

/** A port the OS says is free on the loopback interface right now. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

interface Server {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, shown if it fails. */
  output: string[];
}

const servers: Server[] = [];
const tempDirs: string[] = [];

/** Starts a process in its own process group, so that npx, tsx and node all stop together. */
function startServer(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Server {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { name, child, output: [] };
  const keep = (chunk: Buffer) => {
    server.output.push(...chunk.toString().split('\n').filter(Boolean));
    server.output.splice(0, Math.max(0, server.output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  servers.push(server);
  return server;
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Polls `url` until it answers 2xx; fails early if the process exits. */
async function waitUntilUp(server: Server, url: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!isRunning(server.child)) {
      throw new Error(`${server.name} exited before answering:\n${server.output.join('\n')}`);
    }
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${server.name} did not answer ${url} within ${timeoutMs} ms:\n${server.output.join('\n')}`,
  );
}

/** SIGTERM to each process group, SIGKILL after 5 s for any that is still there. */
async function stopServers(): Promise<void> {
  const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
    if (child.pid === undefined || !isRunning(child)) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  await Promise.all(
    servers.map(async ({ child }) => {
      if (!isRunning(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** Stops every server and removes every temporary folder; safe to call more than once. */
async function cleanUp(): Promise<void> {
  await stopServers();
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

async function logIn(baseUrl: string): Promise<{ token: string; userId: number }> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== 'object' || body === null) {
    throw new Error(`login failed (${response.status}): ${JSON.stringify(body)}`);
  }
  const { access_token: token, userId } = body as Record<string, unknown>; // an object, checked above
  if (typeof token !== 'string' || typeof userId !== 'number') {
    throw new Error(`login answered without access_token and userId: ${JSON.stringify(body)}`);
  }
  return { token, userId };
}

interface Target {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Row {
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** One request first, so that a broken setup (a 401, say) fails loudly instead of being measured. */
async function checkTarget(target: Target): Promise<void> {
  const init: RequestInit = { method: target.method };
  if (target.headers) init.headers = target.headers;
  if (target.body) init.body = target.body;
  const response = await fetch(target.url, init);
  if (!response.ok) throw new Error(`${target.name} answered ${response.status}: ${await response.text()}`);
}

async function measure(target: Target): Promise<Row> {
  await checkTarget(target);
  const options = { url: target.url, method: target.method, headers: target.headers, body: target.body };
  if (warmupSeconds > 0) await autocannon({ ...options, connections, duration: warmupSeconds });
  const result = await autocannon({ ...options, connections, duration: seconds });
  return {
    target: target.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function printTable(rows: Row[]): void {
  const header = ['target', 'req/s (avg)', 'p99 (ms)', 'non-2xx', 'errors'];
  const cells = rows.map((row) => [
    row.target,
    Math.round(row.requestsPerSecond).toLocaleString('en-US'),
    row.p99Ms.toFixed(1),
    String(row.non2xx),
    String(row.errors),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const format = (line: string[]) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\n${connections} connections, ${seconds} s per target (after ${warmupSeconds} s warm-up), Node ${process.version}\n`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of cells) console.log(format(line));
}

async function main(): Promise<void> {
  const [apiPort, helloPort] = [await findFreePort(), await findFreePort()];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-bench-'));
  tempDirs.push(dataDir);
  const apiEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(apiPort),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // a load test: the general per-address limit would measure its 429s
    RATE_LIMIT_PER_MINUTE: '0',
  };
  // a fresh embedded database and no outside services, whatever the shell has set
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SMS_API_URL', 'SMS_API_KEY']) delete apiEnv[name];
  const api = startServer('API', 'npx', ['tsx', 'apps/api/src/main.ts'], apiEnv);

  const fastifyPath = createRequire(path.join(REPO_ROOT, 'apps/api/package.json')).resolve('fastify');
  const helloScript = `
      const app = require(process.env.FASTIFY_PATH)();
      app.get('/', async () => ({ hello: 'world' }));
      app.listen({ port: Number(process.env.PORT), host: process.env.HOST }).catch((error) => {
        console.error(error);
        process.exit(1);
      });`;
  const hello = startServer('hello-world', process.execPath, ['-e', helloScript], {
    ...process.env,
    FASTIFY_PATH: fastifyPath,
    PORT: String(helloPort),
    HOST,
  });

  const apiUrl = `http://${HOST}:${apiPort}`;
  const helloUrl = `http://${HOST}:${helloPort}/`;
  console.log(`Starting the API on ${apiUrl} (fresh data in ${dataDir}) and hello-world on ${helloUrl}…`);
  await Promise.all([waitUntilUp(api, `${apiUrl}/api/health`), waitUntilUp(hello, helloUrl)]);

  const { token, userId } = await logIn(apiUrl);
  const targets: Target[] = [
    { name: 'GET /api/health', url: `${apiUrl}/api/health`, method: 'GET' },
    {
      name: 'POST /api/auth/test-token',
      url: `${apiUrl}/api/auth/test-token`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    },
    { name: 'GET / (bare Fastify)', url: helloUrl, method: 'GET' },
  ];
  const rows: Row[] = [];
  for (const target of targets) {
    console.log(`Measuring ${target.name}…`);
    rows.push(await measure(target));
  }
  printTable(rows);
}

const deadline = setTimeout(() => {
  console.error(`The benchmark took longer than ${DEADLINE_MS / 1000} s; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();

for (const [signal, exitCode] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the servers.`);
    void cleanUp().finally(() => process.exit(exitCode));
  });
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
