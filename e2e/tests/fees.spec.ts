import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { text } from '../support/messages.ts';
import { sar } from '../support/money.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

const LABELS = {
  en: {
    nav: 'Fees setup',
    add: 'Add fee setup',
    search: 'Search fee setups',
    nameEn: 'Name in English',
    nameAr: 'Name in Arabic',
    service: 'Service',
    exam: 'Exam',
    original: 'Original fee',
    percentKind: 'A percentage of the original fee',
    amanaPercent: 'Amana fee \\(%\\)',
    vatOnAmana: 'The Amana fee',
    save: 'Save',
    total: '1 fee setup',
    ledgerNav: 'Ledger setup',
    ledgerAdd: 'Add ledger account',
    ledgerSearch: 'Search ledger accounts',
    mainAccount: 'Main account',
    naturalAccount: 'Natural account',
    department: 'Department',
    businessUnit: 'Business unit',
    organization: 'Organization',
    ledgerTotal: '1 ledger account',
  },
  ar: {
    nav: 'إعداد الرسوم',
    add: 'إضافة إعداد رسوم',
    search: 'البحث في إعدادات الرسوم',
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    service: 'الخدمة',
    exam: 'اختبار',
    original: 'الرسوم الأصلية',
    percentKind: 'نسبة من الرسوم الأصلية',
    amanaPercent: 'رسوم الأمانة \\(٪\\)',
    vatOnAmana: 'رسوم الأمانة',
    save: 'حفظ',
    total: 'إعداد رسوم واحد',
    ledgerNav: 'إعداد دفتر الأستاذ',
    ledgerAdd: 'إضافة حساب',
    ledgerSearch: 'البحث في الحسابات',
    mainAccount: 'الحساب الرئيسي',
    naturalAccount: 'الحساب الطبيعي',
    department: 'القسم',
    businessUnit: 'وحدة الأعمال',
    organization: 'المنشأة',
    ledgerTotal: 'حساب واحد',
  },
} as const;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
test.describe(() => {
  test.use({ account: 'cfo' });

  for (const language of LANGUAGES) {
    test(`CFO adds a fee setup with its total shown as typed, finds and edits it (${language})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const labels = LABELS[language];
      const nameEn = `Laundry exam ${language}`;
      const nameAr = `اختبار المغاسل ${language === 'en' ? 'أ' : 'ب'}`;
      const shownName = language === 'ar' ? nameAr : nameEn;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/fees-setup$/);
      await expect(listTable(page, language, 'fees:list.caption')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, testInfo, 'fee-list', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/add-fees-setup$/);
      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('AMOUNT_INVALID', language))).toBeVisible();
      await expect(field(page, labels.nameEn)).toBeFocused();

      await field(page, labels.nameEn).fill(nameEn);
      await field(page, labels.nameAr).fill(nameAr);
      await page.getByRole('combobox', { name: new RegExp(`^${labels.service}`) }).click();
      await page.getByRole('option', { name: labels.exam, exact: true }).click();
      await field(page, labels.original).fill(language === 'ar' ? '٢٠٠' : '200');
      await expect(page.getByTestId('fee-total')).toHaveText(sar(230, language));
      await page.getByRole('radio', { name: labels.percentKind }).check();
      await field(page, labels.amanaPercent).fill(language === 'ar' ? '١٠' : '10');
      await page.getByRole('checkbox', { name: labels.vatOnAmana, exact: true }).check();
      // 200.00 + 10 % Amana (20.00) + 15 % VAT on both (33.00) = 253.00
      await expect(page.getByTestId('fee-total')).toHaveText(sar(253, language));
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/admin\/fees-setup$/);
      await dismissToasts(page);

      await page.getByRole('searchbox', { name: labels.search }).fill(nameEn);
      await expect(page.getByTestId('fee-list-total')).toHaveText(labels.total);
      await expect(page.getByRole('row', { name: new RegExp(shownName) })).toContainText(sar(253, language));
      await page.getByRole('link', { name: shownName }).click();
      await expect(page).toHaveURL(/\/admin\/edit-fees\/\d+$/);
      await expect(field(page, labels.original)).toHaveValue('200.00');
      await expect(page.getByTestId('fee-total')).toHaveText(sar(253, language));
      await field(page, labels.original).fill('300');
      // 300.00 + 30.00 + 15 % of 330.00 (49.50) = 379.50
      await expect(page.getByTestId('fee-total')).toHaveText(sar(379.5, language));
      await checkScreen(page, testInfo, 'fee-edit', language);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page).toHaveURL(/\/admin\/fees-setup$/);
    });

    test(`CFO adds, finds and edits a ledger account (${language})`, async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const labels = LABELS[language];
      const mainAccount = `Retake revenue ${language}`;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.ledgerNav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/ledger-setup$/);
      await expect(listTable(page, language, 'fees:ledger.caption')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, testInfo, 'ledger-list', language);

      await page.getByRole('button', { name: labels.ledgerAdd }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: labels.save }).click();
      await expect(dialog.getByText(text('REQUIRED', language)).first()).toBeVisible();
      await expect(field(page, labels.mainAccount)).toBeFocused();
      await checkScreen(page, testInfo, 'ledger-add', language);
      const fill = async (values: [string, string][]) => {
        for (const [label, value] of values) await field(page, label).fill(value);
      };
      const segments: [string, string][] = [
        [labels.mainAccount, mainAccount],
        [labels.naturalAccount, language === 'ar' ? '410302' : '410301'],
        [labels.department, 'Retakes'],
        [labels.businessUnit, 'Jeddah'],
        [labels.organization, 'Tasreeh Training'],
      ];
      await fill(segments);
      await dialog.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(dialog).toHaveCount(0);
      await dismissToasts(page);

      await page.getByRole('button', { name: labels.ledgerAdd }).click();
      await fill(segments);
      await page.getByRole('dialog').getByRole('button', { name: labels.save }).click();
      await expect(
        page.getByRole('dialog').getByText(text('RECORDS_ALREADY_REGISTERED', language)),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await dismissToasts(page);

      await page.getByRole('searchbox', { name: labels.ledgerSearch }).fill(mainAccount);
      await expect(page.getByTestId('ledger-total')).toHaveText(labels.ledgerTotal);
      await page.getByRole('link', { name: mainAccount }).click();
      await expect(page).toHaveURL(/\/admin\/ledger-setup\/\d+$/);
      await expect(field(page, labels.businessUnit)).toHaveValue('Jeddah');
      await checkScreen(page, testInfo, 'ledger-account', language);
      await field(page, labels.businessUnit).fill('Makkah');
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
    });
  }
});

test.describe(() => {
  test.use({ account: 'branchadmin' });

  test('a branch admin reads fees and ledger accounts but cannot add or change them', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Fees setup', exact: true }).click();
    await expect(listTable(page, 'en', 'fees:list.caption')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('row', { name: /ReTake \(second retake\)/ })).toContainText('SAR 172.50');
    await expect(page.getByRole('link', { name: 'Add fee setup' })).toHaveCount(0);
    await expect(listTable(page, 'en', 'fees:list.caption').getByRole('link')).toHaveCount(0);
    await page.goto('/admin/edit-fees/1');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/ledger-setup/1');
    await expect(page.getByRole('heading', { name: 'Ledger account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });
});
