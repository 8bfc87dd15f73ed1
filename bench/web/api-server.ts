import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOST = '127.0.0.1';

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

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

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
  const child = spawn('npx', ['tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.pid !== undefined && isRunning(child)) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const signal = (name: NodeJS.Signals) => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, name);
        } catch {
          // the group is already gone
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const url = `http://${HOST}:${port}`;
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!isRunning(child)) {
      await stop();
      throw new Error(`the API exited before answering:\n${output.join('\n')}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the API did not answer within ${timeoutMs} ms:\n${output.join('\n')}`);
}
