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
    nav: 'Branches',
    add: 'Add branch',
    search: 'Search branches',
    nameEn: 'Name in English',
    nameAr: 'Name in Arabic',
    code: 'Branch code',
    type: 'Type',
    region: 'Region',
    city: 'City',
    rent: 'Rent amount',
    rentDue: 'Rent due date',
    crExpiry: 'Commercial registration expiry',
    save: 'Save',
    edit: 'Edit branch',
    rooms: 'Classrooms',
    roomName: 'Classroom name',
    capacity: 'Capacity',
    addRoom: 'Add classroom',
    confirmDelete: 'Delete',
    sub: 'Sub-branch',
    eastern: 'Eastern Province',
    dammam: 'Dammam',
    total: '1 branch',
  },
  ar: {
    nav: 'الفروع',
    add: 'إضافة فرع',
    search: 'البحث في الفروع',
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    code: 'رمز الفرع',
    type: 'النوع',
    region: 'المنطقة',
    city: 'المدينة',
    rent: 'مبلغ الإيجار',
    rentDue: 'تاريخ استحقاق الإيجار',
    crExpiry: 'انتهاء السجل التجاري',
    save: 'حفظ',
    edit: 'تعديل الفرع',
    rooms: 'القاعات',
    roomName: 'اسم القاعة',
    capacity: 'السعة',
    addRoom: 'إضافة قاعة',
    confirmDelete: 'حذف',
    sub: 'فرعي',
    eastern: 'المنطقة الشرقية',
    dammam: 'الدمام',
    total: 'فرع واحد',
  },
} as const;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe(() => {
  test.use({ account: 'superadmin' });

  for (const language of LANGUAGES) {
    test(`super admin adds, finds and edits a branch, then adds and deletes a classroom (${language})`, async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      const code = `E2E-${language.toUpperCase()}`;
      const nameEn = `Khobar Corniche ${language}`;
      const nameAr = `كورنيش الخبر ${language === 'en' ? 'أ' : 'ب'}`;
      const shownName = language === 'ar' ? nameAr : nameEn;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav }).click();
      await expect(page).toHaveURL(/\/admin\/branch-management$/);
      await expect(listTable(page, language, 'branches:list.caption')).toBeVisible();
      await checkScreen(page, testInfo, 'branch-list', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/add-branch$/);
      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('SELECT_REGION', language))).toBeVisible();
      await expect(field(page, labels.nameEn)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, labels.nameEn)).toBeFocused();

      await field(page, labels.nameEn).fill(nameEn);
      await field(page, labels.nameAr).fill(nameAr);
      await field(page, labels.code).fill(code);
      await choose(page, labels.type, labels.sub);
      await choose(page, labels.region, labels.eastern);
      await choose(page, labels.city, labels.dammam);
      await page.getByLabel(labels.crExpiry).fill('2027-06-30');
      await field(page, labels.rent).fill('٤٥٠٠٫٥٠');
      await page.getByLabel(labels.rentDue).fill('2027-02-01');
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/admin\/branches\/profile\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownName);
      await expect(page.getByTestId('branch-rent')).toHaveText(sar(4500.5, language));
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'branch-profile', language);

      await page.getByRole('link', { name: labels.nav }).click();
      await page.getByRole('searchbox', { name: labels.search }).fill(code);
      await expect(page.getByTestId('branch-total')).toHaveText(labels.total);
      await expect(page.getByRole('link', { name: shownName })).toBeVisible();
      await page.getByRole('link', { name: shownName }).click();

      await page.getByRole('link', { name: labels.edit }).click();
      await expect(page).toHaveURL(/\/admin\/edit-branch\/\d+$/);
      await expect(field(page, labels.rent)).toHaveValue('4500.50');
      await checkScreen(page, testInfo, 'branch-edit', language);
      await field(page, labels.rent).fill('5000');
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByTestId('branch-rent')).toContainText('5,000');
      await dismissToasts(page);

      await page.getByRole('link', { name: labels.rooms }).click();
      await expect(page).toHaveURL(/\/admin\/branches\/rooms\/\d+$/);
      await field(page, labels.roomName).fill('Lab 1');
      await field(page, labels.capacity).fill(language === 'ar' ? '٢٠' : '20');
      await page.getByRole('button', { name: labels.addRoom }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page.getByRole('cell', { name: 'Lab 1', exact: true })).toBeVisible();
      await field(page, labels.roomName).fill('Lab 1');
      await field(page, labels.capacity).fill('10');
      await page.getByRole('button', { name: labels.addRoom }).click();
      await expect(page.getByText(text('NAME_EXISTS', language)).first()).toBeVisible();
      await field(page, labels.roomName).fill('');
      await field(page, labels.capacity).fill('');
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'branch-rooms', language);

      await page.getByRole('button', { name: new RegExp(`^${labels.confirmDelete} Lab 1`) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(':focus')).toHaveCount(1);
      await checkScreen(page, testInfo, 'branch-room-delete', language);
      await dialog.getByRole('button', { name: labels.confirmDelete, exact: true }).click();
      await expectToast(page, text('CLASS_DELETED', language));
      await expect(page.getByRole('cell', { name: 'Lab 1', exact: true })).toHaveCount(0);
    });
  }
});

test.describe(() => {
  test.use({ account: 'branchadmin' });

  test('branch admin sees only their branch and no Add button', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Branches' }).click();
    await expect(page.getByTestId('branch-total')).toHaveText('1 branch');
    await expect(page.getByRole('cell', { name: 'RUH-01' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add branch' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Riyadh — Olaya' }).click();
    await expect(page.getByRole('link', { name: 'Edit branch' })).toHaveCount(0);
    await page.goto('/admin/add-branch');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe(() => {
  test.use({ account: 'teller' });

  test('a teller has no Branches link and is sent to the dashboard by the guard', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Branches' })).toHaveCount(0);
    await page.goto('/admin/branch-management');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/branches/profile/1');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
