import { centreDay } from '../../packages/shared/src/scheduling.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

/**
 * Issue 13 (F2): a teller closes a day of the branch with the wizard (English): the system's
 * totals, the amounts (a deposit not below the total is refused on its field first), the bank's
 * deposit slip, the finish confirmed ("the day will be locked"). The branch accountant then finds
 * the finished closing, with its difference, in the daily-closing list (Arabic). The day closed is
 * the one before the week the demo closes, so that no other test's payments meet a locked day.
 */
const PDF = {
  name: 'deposit-slip.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};
const DAY = centreDay(new Date(Date.now() - 8 * 86_400_000));

test.describe('daily closing', () => {
  test.describe.configure({ mode: 'serial' });

  test.describe('the teller (en)', () => {
    test.use({ account: 'teller' });
    test('closes a day with a deposit slip, and finishes it', async ({ page }, testInfo) => {
      await useLanguage(page, 'en');
      await page.goto(`/admin/daily-closing/add-closing?day=${DAY}`);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByTestId('system-totals')).toBeVisible();
      await checkScreen(page, testInfo, 'daily-closing-totals', 'en');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByLabel('Total amount (SAR)').fill('500');
      await page.getByLabel('Cash revenue (SAR)').fill('300');
      await page.getByLabel('Card revenue (SAR)').fill('200');
      await page.getByLabel('Cash amount counted (SAR)').fill('295');
      await page.getByLabel('Deposit amount (SAR)').fill('500');
      await page.getByLabel('Bank name').fill('Al Rajhi Bank');
      await page.getByRole('button', { name: 'Save the closing' }).click();
      await expect(page.getByText(text('DEPOSIT_NOT_BELOW_TOTAL', 'en')).first()).toBeVisible();
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'daily-closing-amounts', 'en');
      await page.getByLabel('Deposit amount (SAR)').fill('250');
      await page.getByRole('button', { name: 'Save the closing' }).click();

      await expect(page).toHaveURL(/\/admin\/daily-closing\/\d+\/upload$/);
      await expectToast(page, text('RECORDS_SAVED', 'en'));
      await dismissToasts(page);
      await page.locator('input[type="file"]').setInputFiles(PDF);
      await checkScreen(page, testInfo, 'daily-closing-upload', 'en');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();

      await expect(page).toHaveURL(/\/admin\/daily-closing\/\d+\/finish$/);
      await expectToast(page, text('RECORDS_UPDATED', 'en'));
      await dismissToasts(page);
      await page.getByRole('button', { name: 'Finish the closing' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('The day will be locked');
      await checkScreen(page, testInfo, 'daily-closing-finish', 'en');
      await dialog.getByRole('button', { name: 'Finish and lock the day' }).click();

      await expect(page).toHaveURL(/\/admin\/daily-closing\/\d+$/);
      await expectToast(page, text('CLOSING_FINISHED_OK', 'en'));
      await dismissToasts(page);
      await expect(page.getByText('Finished', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open the deposit slip' })).toBeVisible();
      await checkScreen(page, testInfo, 'daily-closing-details', 'en');
    });
  });

  test.describe('the branch accountant (ar)', () => {
    test.use({ account: 'branchaccountant' });
    test('sees the finished closing and its difference in the list', async ({ page, apiAs }, testInfo) => {
      const api = await apiAs('branchaccountant');
      const listed = await (await api.get(`/api/daily-closings?from=${DAY}&to=${DAY}`)).json();
      const closing = listed.items[0];
      expect(closing).toMatchObject({ status: 'finished', cashAmount: 29_500, depositAmount: 25_000 });

      await useLanguage(page, 'ar');
      await page.goto('/admin/daily-closing');
      // The demo closes the past week of every branch: the branch's search narrows the list to it.
      await page.getByRole('searchbox', { name: 'البحث في الفروع' }).fill(closing.branchNameAr);
      const row = page.getByTestId(`closing-${closing.id}`);
      await expect(row).toBeVisible();
      await expect(row).toContainText('منتهٍ');
      await expect(page.getByTestId(`closing-difference-${closing.id}`)).toContainText(
        closing.difference < 0 ? 'عجز' : closing.difference > 0 ? 'زيادة' : '0',
      );
      await checkScreen(page, testInfo, 'daily-closing-list', 'ar');
    });
  });

  for (const language of ['en', 'ar'] as const) {
    test.describe(`a day the demo closed (${language})`, () => {
      test.use({ account: 'teller' });
      test('shows the takings by method, the refunds line, the counted cash and the deposit', async ({
        page,
        apiAs,
      }, testInfo) => {
        const api = await apiAs('teller');
        const weekAgo = centreDay(new Date(Date.now() - 7 * 86_400_000));
        const yesterday = centreDay(new Date(Date.now() - 86_400_000));
        const listed = await (await api.get(`/api/daily-closings?from=${weekAgo}&to=${yesterday}`)).json();
        // The short day, to show its difference too.
        const closing = listed.items.find((item: { difference: number }) => item.difference < 0);
        expect(closing?.system.total).toBeGreaterThan(0);
        expect(closing?.depositAmount).toBeGreaterThan(0);

        await useLanguage(page, language);
        await page.goto(`/admin/daily-closing/${closing.id}`);
        await expect(
          page.getByText(language === 'en' ? 'Refunds paid out' : 'المبالغ المستردة المدفوعة'),
        ).toBeVisible();
        await expect(page.getByText(language === 'en' ? 'Finished' : 'منتهٍ', { exact: true })).toBeVisible();
        await checkScreen(page, testInfo, 'daily-closing-demo-day', language);
        await page.screenshot({ path: `/tmp/shots/closings-demo-day-${language}.png`, fullPage: true });
      });
    });
  }
});
