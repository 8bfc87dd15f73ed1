import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { describeRun } from './lighthouse-details.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './login-page.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

/** `BENCH_LIGHTHOUSE_DETAILS=1`: each audit also prints its metrics, LCP element, blocking work and requests. */
const PRINT_DETAILS = process.env.BENCH_LIGHTHOUSE_DETAILS === '1';

/** What the web app keeps after a login (spec §3): local storage `user`, `userId`; cookies `userType`, `privileges`. */
export interface StoredSession {
  token: string;
  userId: number;
  type: string;
  privileges: unknown[];
}

/** Writes the session where the web app keeps it, in the browser's default profile, through CDP. */
async function storeSession(port: number, origin: string, session: StoredSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.evaluate(
      ({ token, userId }) => {
        localStorage.setItem('user', token);
        localStorage.setItem('userId', String(userId));
      },
      { token: session.token, userId: session.userId },
    );
    const cookie = { url: origin, sameSite: 'Lax' as const, expires: Date.now() / 1000 + 43_200 };
    await context.addCookies([
      { ...cookie, name: 'userType', value: encodeURIComponent(session.type) },
      { ...cookie, name: 'privileges', value: encodeURIComponent(JSON.stringify(session.privileges)) },
    ]);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's default (mobile) configuration — simulated slow 4G and a 4× slower CPU — on
 * Debian's Chromium, one fresh browser per audit. With a session, it is stored first and
 * Lighthouse told not to reset storage, so the page opens logged in.
 */
export async function audit(url: string, session?: StoredSession): Promise<Scores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    if (session) await storeSession(chrome.port, new URL(url).origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: session !== undefined,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, runtimeError, finalDisplayedUrl } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    // a lost session would audit the login screen instead
    if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${finalDisplayedUrl}`);
    }
    if (PRINT_DETAILS) console.error(describeRun(result.lhr, new URL(url).pathname));
    const score = (category: Category) => Math.round((categories[category]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    chrome.kill();
  }
}

/** The run with the median performance score out of `runs` audits (Lighthouse varies run to run). */
export async function medianAudit(url: string, runs: number, session?: StoredSession): Promise<Scores> {
  const results: Scores[] = [];
  for (let run = 0; run < runs; run++) results.push(await audit(url, session));
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return median;
}
