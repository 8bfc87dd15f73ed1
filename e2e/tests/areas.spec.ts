import { demoEmail, logInThroughUi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { checkScreen } from '../support/screens.ts';

const AREAS = [
  { area: 'admin', slug: 'superadmin', type: { en: 'Super Admin', ar: 'المشرف العام' } },
  { area: 'student', slug: 'student', type: { en: 'Student', ar: 'طالب' } },
  { area: 'instructor', slug: 'instructor', type: { en: 'Instructor', ar: 'مدرب' } },
  { area: 'examiner', slug: 'examiner', type: { en: 'Examiner', ar: 'ممتحن' } },
] as const;

const NAV = {
  en: { dashboard: 'Dashboard', changePassword: 'Change Password', hide: 'Hide menu', show: 'Show menu' },
  ar: {
    dashboard: 'لوحة التحكم',
    changePassword: 'تغيير كلمة المرور',
    hide: 'إخفاء القائمة',
    show: 'إظهار القائمة',
  },
} as const;

for (const { area, slug, type } of AREAS) {
  test.describe(`${area} area`, () => {
    test.use({ account: slug });

    for (const language of LANGUAGES) {
      test(`dashboard and change-password screens (${language})`, async ({ page }, testInfo) => {
        await useLanguage(page, language);
        await page.goto(`/${area}/dashboard`);
        await expect(page.getByTestId('dashboard-user-type')).toHaveText(type[language]);
        await checkScreen(page, testInfo, `${area}-dashboard`, language);

        await page.getByRole('link', { name: NAV[language].changePassword }).click();
        await expect(page).toHaveURL(new RegExp(`/${area}/change-password$`));
        await expect(page.getByRole('heading', { name: NAV[language].changePassword })).toBeVisible();
        await checkScreen(page, testInfo, `${area}-change-password`, language);
      });
    }
  });
}

test.describe('as a teller', () => {
  test.use({ account: 'teller' });

  test('the side drawer hides and shows on a desktop', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: NAV.en.dashboard })).toBeInViewport();
    await page.getByRole('button', { name: NAV.en.hide }).click();
    await expect(navigation.getByRole('link', { name: NAV.en.dashboard })).not.toBeInViewport();
    await page.getByRole('button', { name: NAV.en.show }).click();
    await expect(navigation.getByRole('link', { name: NAV.en.dashboard })).toBeInViewport();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const language of LANGUAGES) {
    test(`the login screen fits (${language})`, async ({ page }, testInfo) => {
      await useLanguage(page, language);
      await page.goto('/login');
      await checkScreen(page, testInfo, 'phone-login', language);
    });
  }

  test.describe('signed in', () => {
    test.use({ account: 'branchaccountant' });

    for (const language of LANGUAGES) {
      test(`the drawer collapses to a menu button (${language})`, async ({ page }, testInfo) => {
        await useLanguage(page, language);
        await page.goto('/admin/dashboard');
        const link = page.getByRole('link', { name: NAV[language].changePassword });
        await expect(link).not.toBeInViewport();
        await checkScreen(page, testInfo, 'phone-dashboard', language);
        await page.getByRole('button', { name: NAV[language].show }).click();
        // the drawer's list is longer than a phone's screen: its last link is scrolled to, which
        // only brings it into view when the drawer is open
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
        await checkScreen(page, testInfo, 'phone-drawer-open', language);
        await link.click();
        await expect(page).toHaveURL(/\/admin\/change-password$/);
        await expect(link).not.toBeInViewport();
      });
    }
  });
});

// Logs in through the screen: logging out ends the session, which must not be a saved one others share.
test('logging out forgets the stored session', async ({ page, context }) => {
  await logInThroughUi(page, 'en', demoEmail('amanah'), /\/admin\/dashboard$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('userType');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdashboard$/);
});
