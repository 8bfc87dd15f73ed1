import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

const LABELS = {
  en: {
    nav: 'Corporates',
    add: 'Add corporate',
    search: 'Search corporates',
    nameEn: 'Name in English',
    nameAr: 'Name in Arabic',
    type: 'Type',
    company: 'Company',
    crNumber: 'CR number',
    crExpiry: 'CR expiry',
    vatNumber: 'VAT number',
    representativeName: "Representative's name",
    representativeEmail: "Representative's e-mail",
    representativePhone: "Representative's mobile",
    region: 'Head office region',
    city: 'Head office city',
    makkah: 'Makkah',
    jeddah: 'Jeddah',
    iban: 'Virtual IBAN',
    save: 'Save',
    edit: 'Edit corporate',
    openCr: 'Open Commercial register copy',
    total: '1 corporate',
  },
  ar: {
    nav: 'الشركات',
    add: 'إضافة شركة',
    search: 'البحث في الشركات',
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    type: 'النوع',
    company: 'شركة',
    crNumber: 'رقم السجل التجاري',
    crExpiry: 'انتهاء السجل التجاري',
    vatNumber: 'الرقم الضريبي',
    representativeName: 'اسم المفوّض',
    representativeEmail: 'البريد الإلكتروني للمفوّض',
    representativePhone: 'جوال المفوّض',
    region: 'منطقة المقر الرئيسي',
    city: 'مدينة المقر الرئيسي',
    makkah: 'مكة المكرمة',
    jeddah: 'جدة',
    iban: 'الآيبان الافتراضي',
    save: 'حفظ',
    edit: 'تعديل الشركة',
    openCr: 'فتح نسخة السجل التجاري',
    total: 'شركة واحدة',
  },
} as const;

const DATA = {
  en: {
    storedCr: '7001000001',
    cr: '7001000001',
    vat: '310000000000013',
    email: 'rep.en@sweets.test',
    phone: '0571110001',
  },
  ar: {
    storedCr: '7001000002',
    cr: '٧٠٠١٠٠٠٠٠٢',
    vat: '310000000000023',
    email: 'rep.ar@sweets.test',
    phone: '٠٥٧١١١٠٠٠٢',
  },
} as const;

const PDF = { name: 'copy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe(() => {
  test.use({ account: 'superadmin' });

  for (const language of LANGUAGES) {
    test(`super admin adds a corporate with its CR copy, finds it by VAT number and edits it (${language})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const labels = LABELS[language];
      const data = DATA[language];
      const nameEn = `Sweet Dates Co ${language}`;
      const nameAr = `شركة التمور الحلوة ${language === 'en' ? 'أ' : 'ب'}`;
      const shownName = language === 'ar' ? nameAr : nameEn;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/corporate$/);
      await expect(listTable(page, language, 'corporates:list.caption')).toBeVisible();
      await checkScreen(page, testInfo, 'corporate-list', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/corporate\/add-new$/);
      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('CR_NUMBER_INVALID', language))).toBeVisible();
      await expect(page.getByText(text('SELECT_REGION', language))).toBeVisible();
      await expect(field(page, labels.nameEn)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, labels.nameEn)).toBeFocused();

      await field(page, labels.nameEn).fill(nameEn);
      await field(page, labels.nameAr).fill(nameAr);
      await choose(page, labels.type, labels.company);
      await field(page, labels.crNumber).fill(data.cr);
      await page.getByLabel(labels.crExpiry).fill('2028-03-31');
      await field(page, labels.vatNumber).fill('123');
      await field(page, labels.representativeName).fill('Saleh Al-Amri');
      await field(page, labels.representativeEmail).fill(data.email);
      await field(page, labels.representativePhone).fill(data.phone);
      await choose(page, labels.region, labels.makkah);
      await choose(page, labels.city, labels.jeddah);
      await field(page, labels.iban).fill('SA03 8000 0000 6080 1016 7519');
      await page.locator('input[type="file"]').first().setInputFiles(PDF);
      await expect(page.getByText(PDF.name)).toBeVisible();
      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('VAT_NUMBER_INVALID', language))).toBeVisible();
      await expect(field(page, labels.vatNumber)).toBeFocused();
      await field(page, labels.vatNumber).fill(data.vat);
      await page.getByRole('button', { name: labels.save }).click();

      await expectToast(page, text('PASSWORD_SENT', language));
      await expect(page).toHaveURL(/\/admin\/corporate\/view\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownName);
      await expect(
        page
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: text('PASSWORD_SENT', language) }),
      ).toBeVisible();
      await expect(
        page.getByTestId('corporate-crCopy').getByRole('link', { name: labels.openCr }),
      ).toBeVisible();
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'corporate-view', language);

      await page.locator('input[type="file"]').nth(1).setInputFiles(PDF);
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page.getByTestId('corporate-licenceCopy').getByRole('link')).toBeVisible();
      await dismissToasts(page);

      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await page.getByRole('searchbox', { name: labels.search }).fill(data.vat);
      await expect(page.getByTestId('corporate-total')).toHaveText(labels.total);
      await page.getByRole('link', { name: shownName }).click();
      await expect(page).toHaveURL(/\/admin\/corporate\/profile\/\d+$/);
      await expect(page.getByTestId('corporate-cr')).toHaveText(data.storedCr);
      await checkScreen(page, testInfo, 'corporate-profile', language);

      await page.getByRole('link', { name: labels.edit }).click();
      await expect(page).toHaveURL(/\/admin\/corporate\/edit\/\d+$/);
      await expect(field(page, labels.vatNumber)).toHaveValue(data.vat);
      await checkScreen(page, testInfo, 'corporate-edit', language);
      await field(page, labels.nameEn).fill(`${nameEn} Group`);
      await field(page, labels.nameAr).fill(`${nameAr} القابضة`);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page).toHaveURL(/\/admin\/corporate\/view\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'ar' ? `${nameAr} القابضة` : `${nameEn} Group`,
      );
    });
  }
});

test.describe(() => {
  test.use({ account: 'teller' });

  test('a teller reads corporates but cannot add or edit one', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Corporates', exact: true }).click();
    await expect(listTable(page, 'en', 'corporates:list.caption')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add corporate' })).toHaveCount(0);
    await listTable(page, 'en', 'corporates:list.caption').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/corporate\/profile\/\d+$/);
    await expect(page.getByRole('link', { name: 'Edit corporate' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Upload/ })).toHaveCount(0);
    await page.goto('/admin/corporate/add-new');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
