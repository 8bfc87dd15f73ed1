import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir } from './data-dir-lock.ts';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('claimDataDir', () => {
  it('lets one process at a time use the embedded database, and frees it on release', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-lock-'));
    const release = claimDataDir(dataDir, 'API server');
    expect(() => claimDataDir(dataDir, 'npm run backup')).toThrow(
      new RegExp(`in use by process ${process.pid} \\(API server\\)`),
    );
    release();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    claimDataDir(dataDir, 'npm run backup')();
  });

  it('takes over the claim of a process that is gone', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tasreeh-lock-'));
    // Process ids stop well below this on Linux (pid_max is at most 2^22).
    writeFileSync(path.join(dataDir, 'pglite.lock'), '99999999\nAPI server\n');
    const release = claimDataDir(dataDir, 'npm run restore');
    release();
  });
});
