import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * A fresh folder per run for the data (so every run starts from the demo seed) and one for
 * the web build (so a build elsewhere in the tree cannot swap the screens under a running
 * test). Kept in the environment so that the workers, which load this file again, agree.
 */
function runDir(): string {
  process.env.E2E_RUN_DIR ??= mkdtempSync(path.join(tmpdir(), 'tasreeh-e2e-'));
  return process.env.E2E_RUN_DIR;
}
const dataDir = path.join(runDir(), 'data');
/**
 * E2E_WEB_DIST_DIR serves a web build made before (CI builds once, in `npm run build`); without
 * it the run builds its own copy, so `npm run test:e2e` works alone on a fresh checkout.
 */
const prebuiltWebDir = process.env.E2E_WEB_DIST_DIR ? path.resolve(process.env.E2E_WEB_DIST_DIR) : undefined;
const webDistDir = prebuiltWebDir ?? path.join(runDir(), 'web');
const buildWeb = `npm run build --workspace apps/web -- --outDir ${webDistDir} --emptyOutDir && `;

/** E2E_BASE_URL runs the tests against a server that is already up instead of starting one. */
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  // Runs side by side on other ports (E2E_PORT) keep their results apart: Playwright empties its folder at start.
  outputDir: process.env.E2E_PORT ? `./test-results/port-${port}` : './test-results',
  globalSetup: './support/global-setup.ts',
  // Every test makes its own records (or reads the seed only) and signs in from a saved session:
  // any two may run side by side. E2E_WORKERS changes how many (default 2).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'html',
      {
        open: 'never',
        outputFolder: process.env.E2E_PORT ? `playwright-report/port-${port}` : 'playwright-report',
      },
    ],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // Exam check-in takes photos: a fake camera, allowed without asking.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  // Tests tagged @long-wait sit out a real server delay (the 120 s before a code may be sent
  // again): listed first, they start at once, beside the others, instead of ending the run.
  projects: [
    { name: 'long waits', grep: /@long-wait/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', grepInvert: /@long-wait/, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: `${prebuiltWebDir ? '' : buildWeb}npm run start --workspace apps/api`,
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          WEB_DIST_DIR: webDistDir,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          // Every worker's browser makes its requests from one address.
          RATE_LIMIT_PER_MINUTE: '0',
          // The proof-of-work the login and the OTP step may ask for: real, but small.
          ALTCHA_MAX_NUMBER: '300',
        },
      },
});
