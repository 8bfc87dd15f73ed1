import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox'];
const CPU_SLOWDOWN = 4;

export interface LoadFigures {
  /** Compressed bytes of JavaScript as they came over the wire (headers and body). */
  scriptBytes: number;
  scriptFiles: number;
  /** Largest Contentful Paint, ms after the navigation started, CPU slowed 4×. */
  lcpMs: number;
}

/**
 * Reads the last LCP candidate the page has seen (buffered, so earlier entries count). A string,
 * so that tsx's added helpers (`__name`) do not travel into the page.
 */
const LATEST_LCP = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/** One cold load of `url` in a fresh context: its scripts' transferred bytes and its LCP. */
async function loadOnce(browser: Browser, url: string): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Set<string>();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /log in/i })
      .first()
      .waitFor();
    const lcpMs = Number(await page.evaluate(LATEST_LCP));
    return { scriptBytes, scriptFiles: scripts.size, lcpMs };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The login screen loaded cold `runs` times in Chromium: medians of the script bytes and LCP. */
export async function measureLoginPage(baseUrl: string, runs = 5): Promise<LoadFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    await loadOnce(browser, `${baseUrl}/login`); // warms the server, not measured
    const results: LoadFigures[] = [];
    for (let run = 0; run < runs; run++) results.push(await loadOnce(browser, `${baseUrl}/login`));
    return {
      scriptBytes: median(results.map((result) => result.scriptBytes)),
      scriptFiles: median(results.map((result) => result.scriptFiles)),
      lcpMs: median(results.map((result) => result.lcpMs)),
    };
  } finally {
    await browser.close();
  }
}
