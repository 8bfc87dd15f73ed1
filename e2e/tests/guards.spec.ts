import { demoEmail, logInThroughApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { checkPassingScreen } from '../support/screens.ts';

for (const language of LANGUAGES) {
  test(`/Auth/{token}&user_{id} hands the session over to the admin dashboard (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    const session = await logInThroughApi(request, demoEmail('superadmin'));
    await useLanguage(page, language);
    await page.goto(`/Auth/${session.access_token}&user_${session.userId}`);
    const shownAt = Date.now();
    await expect(page.getByText(language === 'en' ? 'Routing . . .' : 'جارٍ التوجيه . . .')).toBeVisible();
    await checkPassingScreen(page, testInfo, 'hand-off', language);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('userId')])).toEqual(
      [session.access_token, String(session.userId)],
    );
    await page.waitForURL(/\/admin\/dashboard$/);
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });
}

test('/Auth without a token goes to login', async ({ page }) => {
  await page.goto('/Auth');
  await expect(page).toHaveURL(/\/login(\?next=[^&]*)?$/);
});

test('nobody signed in is sent to login', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdashboard$/);
});

test.describe('as a student', () => {
  test.use({ account: 'student' });

  test('a user of another type is sent to login', async ({ page }) => {
    await page.goto('/student/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/corporate/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a token the server refuses clears the stored session and goes to login', async ({
    page,
    context,
  }) => {
    await page.goto('/student/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user', 'not-a-valid-token'));
    await page.goto('/student/dashboard');
    await expect(page).toHaveURL(/\/login(\?next=%2Fstudent%2Fdashboard)?$/);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('userId')])).toEqual(
      [null, null],
    );
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('userType');
  });
});

test.describe('as an examiner', () => {
  test.use({ account: 'examiner' });

  test('every protected navigation checks the token with the server', async ({ page }) => {
    await page.goto('/examiner/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/test-token')) checks.push(request.headers().authorization ?? '');
    });
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/examiner\/change-password$/);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/examiner\/dashboard$/);
    await expect.poll(() => checks.length).toBe(2);
    expect(checks.every((header) => header.startsWith('Bearer '))).toBe(true);
  });
});

test.describe('as an instructor', () => {
  test.use({ account: 'instructor' });

  test('a screen on its way shows "Loading...", and one that fails to load offers a retry', async ({
    page,
  }) => {
    await page.goto('/instructor/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    // The screen's code is held back until "Loading..." has been seen (a fixed delay raced the token check).
    let release = () => {};
    await page.route('**/assets/change-password-page-*.js', async (route) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await route.continue();
    });
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await page.goto('/instructor/change-password');
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    await page.route('**/assets/dashboard-page-*.js', (route) => route.abort('connectionfailed'));
    await useLanguage(page, 'ar');
    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    await page.goto('/instructor/dashboard');
    await expect(page.getByText('تعذر تحميل هذه الصفحة')).toBeVisible();
    await expect(page.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  });
});

test.describe('as a manager', () => {
  test.use({ account: 'manager' });

  test('leaving a page while its token check is on its way does not log out', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const slow = { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 };
    await cdp.send('Network.emulateNetworkConditions', slow);
    const check = page.waitForRequest((request) => request.url().endsWith('/api/auth/test-token'));
    await page.reload();
    await check;
    await page.goto('/admin/change-password');
    await cdp.send('Network.emulateNetworkConditions', { ...slow, latency: 0 });
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
  });
});
