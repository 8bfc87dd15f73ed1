import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';
import { uniqueDigits } from '../support/unique.ts';

const field = (page: Page | Locator, label: RegExp) => page.getByRole('textbox', { name: label });

test.describe(() => {
  test.use({ account: 'superadmin' });

  test('an admin adds a question to an exam in English, then sees the builder in Arabic', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');

    // assessment-management, then the demo exam's view with its banks.
    await page.getByRole('link', { name: 'Assessments' }).click();
    await expect(page).toHaveURL(/\/admin\/assessment-management$/);
    await expect(page.getByRole('link', { name: 'Food Safety Basics' })).toBeVisible();
    await checkScreen(page, testInfo, 'assessment-list', 'en');
    await page.getByRole('link', { name: 'Food Safety Basics' }).click();
    await expect(page).toHaveURL(/\/admin\/view-assessment\/\d+$/);
    await expect(page.getByRole('rowheader', { name: 'اردو' })).toBeVisible();
    await checkScreen(page, testInfo, 'assessment-view', 'en');

    // add-exam/{id}: a question refused empty (spec §5), then saved with its second answer correct.
    await page.getByRole('link', { name: 'Edit questions' }).click();
    await expect(page).toHaveURL(/\/admin\/add-exam\/\d+$/);
    await expect(page.getByRole('tab', { name: 'English', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add question' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(text('QUESTION_TEXT_REQUIRED', 'en'))).toBeVisible();
    const question = `Where are mops kept ${uniqueDigits(6)}?`;
    await field(dialog, /^Question \(English\)/).fill(question);
    const answers = [
      'In a separate cleaning store',
      'In the dry food store',
      'Next to the cooker',
      'On the counter',
    ];
    for (const [index, answer] of answers.entries()) {
      await field(dialog, new RegExp(`^Answer ${index + 1}`)).fill(answer);
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, text('RECORDS_SAVED', 'en'));
    await expect(page.getByText(question)).toBeVisible();
    const editorUrl = page.url();
    await dismissToasts(page);
    await checkScreen(page, testInfo, 'bank-editor', 'en');

    // The same builder in Arabic: the Arabic bank, right to left, its questions in Arabic.
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    await page.goto(`${editorUrl}?language=ar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('بنوك الأسئلة');
    await expect(page.getByRole('tab', { name: 'العربية', selected: true })).toBeVisible();
    await expect(page.getByText('كم يجب أن يستغرق غسل اليدين بالماء والصابون؟')).toBeVisible();
    await checkScreen(page, testInfo, 'bank-editor', 'ar');
    await page.goto('/admin/assessment-management');
    await expect(page.getByRole('table')).toBeVisible();
    await checkScreen(page, testInfo, 'assessment-list', 'ar');
  });
});
