import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';
const LOGIN = { email: 'superadmin@tasreeh.test', password: 'Tasreeh@2026' };

/** A port the OS says is free on the loopback interface right now. */
export function findFreePort(): Promise<number> {
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

export interface Server {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, shown if it fails. */
  output: string[];
}

const servers: Server[] = [];
export const tempDirs: string[] = [];

/** Starts a process in its own process group, so that npx, tsx and node all stop together. */
export function startServer(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Server {
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
export async function waitUntilUp(server: Server, url: string, timeoutMs = 60_000): Promise<void> {
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
export async function cleanUp(): Promise<void> {
  await stopServers();
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function logIn(baseUrl: string): Promise<{ token: string; userId: number }> {
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
