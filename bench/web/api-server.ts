import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanUp, findFreePort, HOST, startServer, tempDirs, waitUntilUp } from '../lib/servers.ts';

export { REPO_ROOT } from '../lib/servers.ts';

export interface RunningApi {
  url: string;
  /** Stops the process group (SIGKILL after 5 s) and removes the temporary data folder. */
  stop(): Promise<void>;
}

/**
 * The real API serving the built web app (apps/web/dist), on a free loopback port with a fresh
 * temporary DATA_DIR: embedded PGlite, migrated and seeded with the demo accounts.
 */
export async function startApi(timeoutMs = 90_000): Promise<RunningApi> {
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tasreeh-web-bench-'));
  tempDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'SMS_API_URL', 'SMS_API_KEY', 'WEB_DIST_DIR'])
    delete env[name];
  const server = startServer('API (web bench)', 'npx', ['tsx', 'apps/api/src/main.ts'], env);
  const url = `http://${HOST}:${port}`;
  try {
    await waitUntilUp(server, `${url}/api/health`, timeoutMs);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { url, stop: cleanUp };
}
