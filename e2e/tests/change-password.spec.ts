import { DEMO_PASSWORD, type DemoAccount, demoEmail, logInThroughUi } from '../support/accounts.ts';
import { submitChange } from '../support/change-password.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

const ACCOUNT: Record<Language, DemoAccount> = { en: 'trainingmanager', ar: 'headofit' };

// Every rule of the change flow, in order, is a component test (change-password-form.test.tsx):
// here one broken rule shows in red, and the server's answers show where they belong.
for (const language of LANGUAGES) {
  test.describe(() => {
    test.use({ account: ACCOUNT[language] });

    test(`change password shows a broken rule in red, then the server's answers (${language})`, async ({
      page,
    }) => {
      await useLanguage(page, language);
      await page.goto('/admin/change-password');
      const formError = page.getByTestId('form-error');
      await submitChange(page, language, { old: DEMO_PASSWORD, new: 'abcdefg1', confirm: 'abcdefg2' });
      await expect(formError).toHaveText(text('NEW_PASSWORDS_DO_NOT_MATCH', language));
      await expect(formError).toHaveCSS('color', /rgb\((2\d\d|1\d\d), \d{1,2}, \d{1,2}\)/);
      // The server refuses one of the 10,000 most common passwords; its answer shows where the rules do.
      await submitChange(page, language, { old: DEMO_PASSWORD, new: 'password1', confirm: 'password1' });
      await expect(formError).toHaveText(text('PASSWORD_TOO_COMMON', language));
      await submitChange(page, language, { old: 'Not-my-password1', new: 'quietfox7', confirm: 'quietfox7' });
      await expect(formError).toHaveCount(0);
      await expectToast(page, text('PASSWORD_INCORRECT', language));
      await expect(page).toHaveURL(/\/admin\/change-password$/);
    });
  });
}

test.describe(() => {
  test.use({ account: 'devteam' });

  test('change password: "Please try again" for another failure, and the error toast when the call fails', async ({
    page,
  }) => {
    await page.goto('/admin/change-password');
    await page.route('**/api/auth/reset-password', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, code: 'SOMETHING_WENT_WRONG', message: 'x' } }),
    );
    await submitChange(page, 'en', { old: DEMO_PASSWORD, new: 'abcdefg1', confirm: 'abcdefg1' });
    await expectToast(page, text('PLEASE_TRY_AGAIN', 'en'));
    await page.unroute('**/api/auth/reset-password');
    await page.route('**/api/auth/reset-password', (route) => route.abort('connectionfailed'));
    await submitChange(page, 'en', { old: DEMO_PASSWORD, new: 'abcdefg1', confirm: 'abcdefg1' });
    await expectToast(page, text('ERROR_CHANGING_PASSWORD', 'en'));
  });
});

/**
 * The second demo corporate, whom no other test and no setup signs in: it still has its
 * first-login change ahead of it. Two steps in order, on one account.
 */
test.describe
  .serial('corporate first login', () => {
    const TEMPORARY = 'company2026x';
    const FIRST_LOGIN = demoEmail('alwaha');

    test('is held on /corporate/change-password-first (ar)', async ({ page }, testInfo) => {
      await useLanguage(page, 'ar');
      await logInThroughUi(page, 'ar', FIRST_LOGIN, /\/corporate\/change-password-first$/);
      await expect(page.getByRole('heading', { name: 'عيّن كلمة مرور خاصة بك' })).toBeVisible();
      await checkScreen(page, testInfo, 'corporate-first-login', 'ar');
      await page.goto('/corporate/dashboard');
      await expect(page).toHaveURL(/\/corporate\/change-password-first$/);
      await submitChange(page, 'ar', { old: 'Not-my-password1', new: TEMPORARY, confirm: TEMPORARY });
      await expectToast(page, text('PASSWORD_INCORRECT', 'ar'));
    });

    test('changes the password, then reaches the dashboard (en)', async ({ page }, testInfo) => {
      await logInThroughUi(page, 'en', FIRST_LOGIN, /\/corporate\/change-password-first$/);
      await checkScreen(page, testInfo, 'corporate-first-login', 'en');
      await submitChange(page, 'en', { old: DEMO_PASSWORD, new: TEMPORARY, confirm: TEMPORARY });
      await expectToast(page, text('PASSWORD_CHANGED', 'en'));
      await expect(page).toHaveURL(/\/corporate\/dashboard$/);
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'corporate-dashboard', 'en');
      await page.getByText('العربية').click();
      await expect(page.getByTestId('dashboard-greeting')).not.toHaveText(/[A-Za-z]/);
      await checkScreen(page, testInfo, 'corporate-dashboard', 'ar');

      await page.goto('/corporate/change-password');
      await submitChange(page, 'ar', { old: TEMPORARY, new: DEMO_PASSWORD, confirm: DEMO_PASSWORD });
      await expectToast(page, text('PASSWORD_CHANGED', 'ar'));
      await expect(page).toHaveURL(/\/corporate\/dashboard$/);
    });
  });
