import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DemoAccount } from './accounts.ts';

/** Where the run keeps the signed-in state of each demo account (written once, by the global setup). */
export function sessionFile(account: DemoAccount): string {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is unset: run the tests through playwright.config.ts');
  return path.join(runDir, 'sessions', `${account}.json`);
}

interface StorageState {
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/** The saved access token of a demo account, for calls that set up a test's data through the API. */
export function sessionToken(account: DemoAccount): string {
  const state = JSON.parse(readFileSync(sessionFile(account), 'utf8')) as StorageState;
  const token = state.origins[0]?.localStorage.find((entry) => entry.name === 'user')?.value;
  if (!token) throw new Error(`no saved token for ${account}`);
  return token;
}
