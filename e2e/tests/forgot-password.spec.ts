import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoAccount, latestCode, logInThroughUi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';
import { uniqueDigits } from '../support/unique.ts';

const LABELS = {
  en: {
    forgot: 'Forgot password?',
    email: 'Email',
    send: 'Send code',
    verify: 'Verify',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    save: 'Save password',
    code: 'Verification code',
  },
  ar: {
    forgot: 'نسيت كلمة المرور؟',
    email: 'البريد الإلكتروني',
    send: 'إرسال الرمز',
    verify: 'تحقق',
    newPassword: 'كلمة المرور الجديدة',
    confirm: 'تأكيد كلمة المرور الجديدة',
    save: 'حفظ كلمة المرور',
    code: 'رمز التحقق',
  },
} as const;

const NEW_PASSWORD = 'Fresh#Start2026';

/**
 * An instructor of this test's own, made through the API: the reset ends every session of the
 * account, which must therefore be one no other test signs in as.
 */
async function newAccount(apiAs: (account: DemoAccount) => Promise<APIRequestContext>, language: Language) {
  const stamp = uniqueDigits(8);
  const account = {
    username: `forgot.${language}.${stamp}`,
    email: `forgot.${language}.${stamp}@example.com`,
    phone: `05${stamp}`,
  };
  const api = await apiAs('superadmin');
  const created = await api.post('/api/users', {
    data: {
      nameEn: `Forgetful Instructor ${stamp}`,
      nameAr: 'مدرب نسي كلمة المرور',
      ...account,
      type: 'Instructor',
      password: DEMO_PASSWORD,
      rePassword: DEMO_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  return account;
}

async function submitNewPassword(page: Page, language: Language, password: string, confirmation: string) {
  const labels = LABELS[language];
  await page.getByLabel(new RegExp(`^${labels.newPassword}`)).fill(password);
  await page.getByLabel(new RegExp(`^${labels.confirm}`)).fill(confirmation);
  await page.getByRole('button', { name: labels.save }).click();
}

// Every reset rule, and the server's refusal of a common password, are component and API tests
// (new-password-step.test.tsx, codes.test.ts): here one broken rule shows, then the real reset.
for (const language of LANGUAGES) {
  test(`forgot password end to end (${language})`, async ({ page, request, apiAs }, testInfo) => {
    const labels = LABELS[language];
    const { email, phone } = await newAccount(apiAs, language);
    await useLanguage(page, language);
    await page.goto('/login');
    await page.getByRole('button', { name: labels.forgot }).click();
    const emailField = page.getByLabel(new RegExp(`^${labels.email}`));
    await expect(emailField).toBeVisible();
    await checkScreen(page, testInfo, 'forgot-email', language);

    await page.getByRole('button', { name: labels.send }).click();
    await expect(page.getByText(text('ENTER_EMAIL', language))).toBeVisible();
    await emailField.fill('nobody@tasreeh.test');
    await page.getByRole('button', { name: labels.send }).click();
    await expect(page.getByText(text('EMAIL_NOT_FOUND', language))).toBeVisible();

    await emailField.fill(email);
    await page.getByRole('button', { name: labels.send }).click();
    await expectToast(page, text('OTP_SENT', language));
    const masked = (await page.getByTestId('masked-phone').textContent()) ?? '';
    expect(masked).toMatch(/^\*+\d{2}$/);
    expect(masked.slice(-2)).toBe(phone.slice(-2));
    const boxes = page.getByRole('group', { name: labels.code }).locator('input');
    await expect(boxes).toHaveCount(6);
    await dismissToasts(page);
    await checkScreen(page, testInfo, 'forgot-code', language);

    const code = await latestCode(request, phone.slice(-8), 6);
    const wrong = code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
    await boxes.first().click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: labels.verify }).click();
    await expectToast(page, text('OTP_INVALID', language));

    await boxes.first().click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(code);
    await expect(boxes.last()).toHaveValue(code.slice(-1));
    await page.getByRole('button', { name: labels.verify }).click();
    await expectToast(page, text('OTP_VERIFIED', language));
    await expect(page.getByLabel(new RegExp(`^${labels.newPassword}`))).toBeVisible();
    await dismissToasts(page);

    await submitNewPassword(page, language, 'abc', 'abc');
    await expect(page.getByTestId('form-error')).toHaveText(text('PASSWORD_MIN_8', language));
    await checkScreen(page, testInfo, 'forgot-new-password', language);

    await submitNewPassword(page, language, NEW_PASSWORD, NEW_PASSWORD);
    await expectToast(page, text('PASSWORD_UPDATED', language));
    await expect(page.getByRole('button', { name: labels.forgot })).toBeVisible();

    await logInThroughUi(page, language, email, /\/instructor\/dashboard$/, NEW_PASSWORD);
  });
}
