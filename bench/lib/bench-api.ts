import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Engine, postgresUrl } from './engines.ts';
import { findFreePort, HOST, startServer, tempDirs, waitUntilUp } from './servers.ts';

/**
 * Starts the benchmark's API (`serve-api.ts`) in its own process on a free port, on a fresh
 * database of `engine` (a temporary PGlite folder, or a scratch database on
 * BENCH_DATABASE_URL's server), and returns its base URL once it answers. `cleanUp()` stops it.
 */
export async function startBenchApi(engine: Engine): Promise<string> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const name of ['DATABASE_URL', 'BENCH_DATABASE_URL', 'SMTP_URL', 'SMS_API_URL', 'SMS_API_KEY'])
    delete env[name];
  if (engine === 'postgres') env.BENCH_DATABASE_URL = postgresUrl();
  else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-bench-'));
    tempDirs.push(dataDir);
    env.DATA_DIR = dataDir;
  }
  const server = startServer(
    `API on ${engine}`,
    process.execPath,
    ['--import', 'tsx', 'bench/lib/serve-api.ts'],
    env,
  );
  const baseUrl = `http://${HOST}:${port}`;
  await waitUntilUp(server, `${baseUrl}/api/health`, 180_000);
  return baseUrl;
}
