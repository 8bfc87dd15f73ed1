import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

const LABELS = {
  en: {
    nav: 'Journal',
    ledgerNav: 'Ledger setup',
    csv: 'Export CSV',
    xlsx: 'Export Excel',
    source: 'Source',
    payment: 'Payment',
    cashRole: 'Cash on hand',
    role: 'Role',
    delete: 'Delete account',
    confirm: 'Delete',
  },
  ar: {
    nav: 'دفتر اليومية',
    ledgerNav: 'إعداد دفتر الأستاذ',
    csv: 'تصدير ملف نصي',
    xlsx: 'تصدير إكسل',
    source: 'المصدر',
    payment: 'دفعة',
    cashRole: 'النقدية في الصندوق',
    role: 'الدور',
    delete: 'حذف الحساب',
    confirm: 'حذف',
  },
} as const;

test.describe(() => {
  test.use({ account: 'cfo' });

  for (const language of LANGUAGES) {
    test(`CFO reads the journal of the demo's payments, exports it, and cannot delete an account it posted to (${language})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/journal$/);
      const entries = page.getByTestId('journal-entry');
      await expect(entries.first()).toBeVisible({ timeout: 30_000 });
      // The demo's payments are posted: a payment entry with its cash line.
      await expect(page.getByRole('table')).toContainText(labels.payment);
      await expect(page.getByRole('table')).toContainText(labels.cashRole);
      await checkScreen(page, testInfo, 'journal', language);

      const csv = page.waitForEvent('download');
      await page.getByTestId('export-journal-csv').click();
      const csvFile = await csv;
      expect(csvFile.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const content = await readFile((await csvFile.path()) ?? '');
      expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = content.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toContain('Date,Entry ID,Source,Source ID,Memo');
      expect(lines.some((line) => line.includes(',payment,'))).toBe(true);
      const xlsx = page.waitForEvent('download');
      await page.getByTestId('export-journal-xlsx').click();
      expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);

      await page.getByRole('link', { name: labels.ledgerNav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/ledger-setup$/);
      await expect(page.getByRole('table')).toContainText(labels.cashRole);
      await page.getByRole('link', { name: 'Cash on hand', exact: true }).click();
      await expect(page.getByRole('combobox', { name: labels.role })).toHaveValue(labels.cashRole);
      await page.getByRole('button', { name: labels.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: labels.confirm, exact: true }).click();
      await expectToast(page, text('LEDGER_ACCOUNT_IN_USE', language));
      await dismissToasts(page);
      await expect(page).toHaveURL(/\/admin\/ledger-setup\/\d+$/);
      await checkScreen(page, testInfo, 'ledger-account', language);
    });
  }
});
