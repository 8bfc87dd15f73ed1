import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folder of PostgreSQL's server programs (`initdb`, `pg_ctl`): PG_BIN_DIR, else what `pg_config` says. */
function binDir(): string {
  return process.env.PG_BIN_DIR ?? execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
}

/** A PostgreSQL cluster of a test's own: its data folder, its port, the server it runs. */
export interface TestCluster {
  port: number;
  /** The URL of a database on it. */
  urlOf(database: string): string;
  /** `pg_ctl stop -m fast`: every session is ended (57P01), as a restart or a failover does. */
  stop(): Promise<void>;
  /** `pg_ctl start`, resolving once the server accepts connections. */
  start(): Promise<void>;
  /** Stops the server if it runs and removes the folder. */
  remove(): Promise<void>;
}

/**
 * Creates (`initdb`, trust authentication for the local user `postgres`) and starts a cluster on
 * `port`, listening on 127.0.0.1 only. The server refuses to run as root: run as root, the
 * programs run as the `postgres` user (`runuser`), who is given the folder.
 */
export async function startTestCluster(port: number): Promise<TestCluster> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tasreeh-cluster-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(folder, Number(ids), Number(group));
  }
  const bin = binDir();
  const program = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  await program('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder}`;
  const start = async () => {
    await program('pg_ctl', [
      'start',
      '-w',
      '-D',
      dataDir,
      '-l',
      path.join(folder, 'server.log'),
      '-o',
      options,
    ]);
  };
  const stop = async () => {
    await program('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
  };
  await start();
  let running = true;
  return {
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
