import { ACCOUNTS, DEMO_PASSWORD, demoEmail, logInThroughUi, loginLabels } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';

for (const language of LANGUAGES) {
  test.describe(`login screen (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('shows the login tab, the version label, and passes the screen checks', async ({
      page,
    }, testInfo) => {
      await page.goto('/login');
      await expect(page.getByLabel(loginLabels(language).email)).toBeVisible();
      await expect(page.getByTestId('version-label')).toHaveText(
        language === 'en' ? 'Test Version 1.0' : 'النسخة التجريبية 1.0',
      );
      // The language switch marks the language in use (its indicator's styles come with the first screen).
      const indicator = await page.locator('.mantine-SegmentedControl-indicator').boundingBox();
      const current = await page
        .locator('.mantine-SegmentedControl-label')
        .filter({ hasText: language === 'en' ? 'English' : 'العربية' })
        .boundingBox();
      expect(
        indicator && current && Math.abs(indicator.x + indicator.width / 2 - (current.x + current.width / 2)),
      ).toBeLessThan(4);
      await checkScreen(page, testInfo, 'login', language);
    });

    test('the register tab offers only "I Am Student", leading to /student-register', async ({
      page,
    }, testInfo) => {
      await page.goto('/register');
      const student = page.getByRole('link', { name: language === 'en' ? 'I Am Student' : 'أنا طالب' });
      await expect(student).toBeVisible();
      await checkScreen(page, testInfo, 'register', language);
      await student.click();
      await expect(page).toHaveURL(/\/student-register$/);
    });

    test('the root and unknown paths show the auth screen', async ({ page }) => {
      for (const path of ['/', '/no/such/page']) {
        await page.goto(path);
        await expect(page.getByLabel(loginLabels(language).email)).toBeVisible();
      }
    });

    test('asks for both fields: "Please fill out all fields."', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: loginLabels(language).submit }).click();
      await expect(page.getByTestId('form-error')).toHaveText(text('FILL_ALL_FIELDS', language));
      await page.getByLabel(loginLabels(language).email).fill('student@tasreeh.test');
      await page.getByRole('button', { name: loginLabels(language).submit }).click();
      await expect(page.getByTestId('form-error')).toHaveText(text('FILL_ALL_FIELDS', language));
    });

    test('shows "Invalid email or password" for a wrong password', async ({ page }) => {
      const labels = loginLabels(language);
      await page.goto('/login');
      await page.getByLabel(labels.email).fill('manager@tasreeh.test');
      await page.getByLabel(new RegExp(`^${labels.password}`)).fill('Wrong-password-1');
      await page.getByRole('button', { name: labels.submit }).click();
      await expect(page.getByText(text('INVALID_CREDENTIALS', language))).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}

test.describe('each user type lands in its own area', () => {
  for (const account of ACCOUNTS) {
    test(`${account.slug} → /${account.area}/dashboard`, async ({ page, context }) => {
      const target =
        account.slug === 'corporate'
          ? /\/corporate\/(dashboard|change-password-first)$/
          : new RegExp(`/${account.area}/dashboard$`);
      await logInThroughUi(page, 'en', demoEmail(account.slug), target);
      if (account.slug !== 'corporate') {
        await expect(page.getByTestId('dashboard-greeting')).toContainText('Welcome,');
      }
      const cookies = await context.cookies();
      const userType = cookies.find((cookie) => cookie.name === 'userType');
      const privileges = cookies.find((cookie) => cookie.name === 'privileges');
      expect(userType?.path).toBe('/');
      expect(userType?.sameSite).toBe('Lax');
      expect(userType?.secure).toBe(false);
      const hoursLeft = ((userType?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(11.9);
      expect(hoursLeft).toBeLessThanOrEqual(12);
      expect(() => JSON.parse(decodeURIComponent(privileges?.value ?? ''))).not.toThrow();
      const stored = await page.evaluate(() => ({
        user: localStorage.getItem('user'),
        userId: localStorage.getItem('userId'),
      }));
      expect(stored.user).toBeTruthy();
      expect(stored.userId).toMatch(/^\d+$/);
    });
  }
});

test('remember me keeps the e-mail for the next login', async ({ page }) => {
  const labels = loginLabels('en');
  await page.goto('/login');
  await page.getByLabel(labels.email).fill('instructor@tasreeh.test');
  await page.getByLabel(new RegExp(`^${labels.password}`)).fill(DEMO_PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page).toHaveURL(/\/instructor\/dashboard$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel(labels.email)).toHaveValue('instructor@tasreeh.test');
  await expect(page.getByLabel('Remember me')).toBeChecked();
});

test('the language switch turns the page to Arabic and remembers it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByText('العربية').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByLabel(loginLabels('ar').email)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('a login typed and sent before the app has taken the painted screen over still logs in', async ({
  page,
}) => {
  // The app's code is held back: the user works in the HTML the build painted.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.locator('input[autocomplete="username"]:visible');
  await email.fill(demoEmail('student'));
  await page.locator('input[autocomplete="current-password"]:visible').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]:visible').click();
  await expect(page).toHaveURL(/\/login$/); // held back, not sent as a native form
  release?.();
  await expect(page).toHaveURL(/\/student\/dashboard$/, { timeout: 20_000 });
});
