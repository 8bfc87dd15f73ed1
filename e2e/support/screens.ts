import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { Language } from './language.ts';

async function expectPageLanguage(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
}

/** No English word on an Arabic screen, text marked as another language (a language's own name: `lang="en"`, `lang="fil"`) and user data excepted. */
async function expectNoEnglishLeft(page: Page, name: string) {
  const latin = await page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const skip of clone.querySelectorAll(
      '[lang]:not([lang="ar"]), [data-user-data], script, style, noscript',
    )) {
      skip.remove();
    }
    return (clone.textContent ?? '').match(/[A-Za-z]+/g) ?? [];
  });
  expect(latin, `English words left on the Arabic screen "${name}"`).toEqual([]);
}

async function expectNoSeriousAxeViolations(page: Page, name: string, language: Language) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe violations on "${name}" (${language})`).toEqual([]);
}

/** A full-page screenshot kept with the test's results (checkScreen's, for a screen its other checks do not fit). */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string, language: Language) {
  const file = testInfo.outputPath(`${name}-${language}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`${name}-${language}`, { path: file, contentType: 'image/png' });
}

/**
 * Checks a screen as a whole: the page's language and direction, no English left on an
 * Arabic page, no serious or critical axe violation, and a full-page screenshot kept with
 * the test's results.
 */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string, language: Language) {
  await expectPageLanguage(page, language);
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByTestId('global-loading')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  if (language === 'ar') await expectNoEnglishLeft(page, name);
  await expectNoSeriousAxeViolations(page, name, language);
  await saveScreenshot(page, testInfo, name, language);
}

/**
 * The same checks for a screen that leaves by itself within moments (the hand-off): its
 * document and screenshot are taken at once, and axe runs on a script-free copy of the
 * document in a context of its own, while the page goes on.
 */
export async function checkPassingScreen(page: Page, testInfo: TestInfo, name: string, language: Language) {
  const html = (await page.content()).replace(/<script[\s\S]*?<\/script>/g, '');
  await saveScreenshot(page, testInfo, name, language);
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to open a copy of the screen in');
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const copy = await context.newPage();
    await copy.goto('/api/health');
    await copy.setContent(html, { waitUntil: 'load' });
    await expectPageLanguage(copy, language);
    if (language === 'ar') await expectNoEnglishLeft(copy, name);
    await expectNoSeriousAxeViolations(copy, name, language);
  } finally {
    await context.close();
  }
}
