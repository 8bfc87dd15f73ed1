import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { checkScreen } from '../support/screens.ts';

const LABELS = {
  en: {
    nav: 'Advance payments',
    reportNav: 'Finance reports',
    balances: 'Balances',
    add: 'New advance payment',
    payer: 'Payer',
    // The demo corporate's name in the screen's language.
    corporate: 'Al-Nakheel Catering Co.',
    branch: 'Branch',
    cash: 'Cash',
    amount: 'Amount (SAR)',
    submit: 'Record the advance payment',
    done: 'The advance payment is recorded and credited to the balance.',
    report: 'Revenue report',
  },
  ar: {
    nav: 'الدفعات المقدمة',
    reportNav: 'التقارير المالية',
    balances: 'الأرصدة',
    add: 'دفعة مقدمة جديدة',
    payer: 'الدافع',
    corporate: 'شركة النخيل للإعاشة',
    branch: 'الفرع',
    cash: 'نقداً',
    amount: 'المبلغ (ريال)',
    submit: 'تسجيل الدفعة المقدمة',
    done: 'تم تسجيل الدفعة المقدمة وإضافتها إلى الرصيد.',
    report: 'تقرير الإيرادات',
  },
} as const;

test.describe(() => {
  test.use({ account: 'cfo' });

  for (const language of LANGUAGES) {
    test(`CFO sees the balances, records a cash advance for a corporate and reads the revenue report (${language})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/advanced-payment$/);
      await expect(page.getByRole('tab', { name: labels.balances })).toBeVisible();
      await expect(listTable(page, language, 'advances:tabs.balances')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, testInfo, 'advance-balances', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/advanced-payment\/new$/);
      const payer = page.getByRole('combobox', { name: labels.payer });
      await payer.fill('1010123456');
      await expect(page.getByRole('option', { name: /1010123456/ })).toContainText(labels.corporate);
      await page.getByRole('option', { name: /1010123456/ }).click();
      await expect(payer).toHaveValue(new RegExp(`^${labels.corporate}`));
      // Head office names the branch whose till took the cash (decision 0021).
      await page.getByRole('combobox', { name: labels.branch }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('radio', { name: labels.cash }).check();
      await page.getByRole('textbox', { name: labels.amount }).fill('150');
      await page.getByRole('button', { name: labels.submit }).click();
      await expect(page.getByTestId('advance-result')).toContainText(labels.done);
      await checkScreen(page, testInfo, 'advance-new', language);

      await page.getByRole('link', { name: labels.reportNav, exact: true }).click();
      await expect(page.getByRole('heading', { name: labels.report })).toBeVisible();
      await expect(page.getByTestId('revenue-totals')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, testInfo, 'finance-revenue', language);
    });
  }
});
