import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../config.ts';

/** Whether a process with this id runs on this machine now. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Claims the embedded database's folder for this process: PGlite is one process's database,
 * and a second process opening the same files (a second server, a backup, a restore) would
 * damage them. The claim is a file holding this process's id, left by a process that died
 * is taken over. Returns the release.
 */
export function claimDataDir(dataDir: string, purpose: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n${purpose}\n`, { flag: 'wx' });
      return () => {
        if (readFileSync(file, 'utf8').startsWith(`${process.pid}\n`)) rmSync(file, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const [pid, holder] = readFileSync(file, 'utf8').split('\n');
    if (pid && isRunning(Number(pid))) {
      throw new StartupError(
        `The embedded database in ${dataDir} is in use by process ${pid} (${holder || 'unknown'}). ` +
          `Stop it first (or, if no such process is yours, delete ${file}).`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new StartupError(`Could not claim ${file}; another process keeps taking it.`);
}
