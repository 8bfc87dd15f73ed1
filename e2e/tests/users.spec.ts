import type { Page } from '@playwright/test';
import { hijriToGregorian } from '../../packages/shared/src/hijri.ts';
import { logInThroughApi, loginLabels } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts } from '../support/toasts.ts';
import { uniqueDigits } from '../support/unique.ts';

const LABELS = {
  en: {
    nav: 'Users',
    groupsNav: 'Permission groups',
    add: 'Add user',
    search: 'Search users',
    nameEn: 'Name in English',
    nameAr: 'Name in Arabic',
    email: 'E-mail',
    username: 'Username',
    phone: 'Mobile number',
    password: 'First password',
    rePassword: 'Confirm password',
    idNumber: 'ID number',
    save: 'Save',
    edit: 'Edit user',
    deactivate: 'Deactivate',
    teller: 'Teller',
    tellers: 'Tellers',
    riyadh: 'Riyadh — Olaya',
    inactive: 'Inactive',
    total: '1 staff user',
    editPrefix: 'Edit',
    addGroup: 'Add group',
    groupNameEn: 'Name in English',
    groupNameAr: 'Name in Arabic',
    scoresView: 'Scores: View',
    healthView: 'Health check: View',
    healthCreate: 'Health check: Create',
  },
  ar: {
    nav: 'المستخدمون',
    groupsNav: 'مجموعات الصلاحيات',
    add: 'إضافة مستخدم',
    search: 'البحث في المستخدمين',
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    email: 'البريد الإلكتروني',
    username: 'اسم المستخدم',
    phone: 'رقم الجوال',
    password: 'كلمة المرور الأولى',
    rePassword: 'تأكيد كلمة المرور',
    idNumber: 'رقم الهوية',
    save: 'حفظ',
    edit: 'تعديل المستخدم',
    deactivate: 'إيقاف الحساب',
    teller: 'أمين الصندوق',
    tellers: 'الصرافون',
    riyadh: 'الرياض — العليا',
    inactive: 'غير نشط',
    total: 'مستخدم واحد',
    editPrefix: 'تعديل',
    addGroup: 'إضافة مجموعة',
    groupNameEn: 'الاسم بالإنجليزية',
    groupNameAr: 'الاسم بالعربية',
    scoresView: 'الدرجات: عرض',
    healthView: 'الفحص الصحي: عرض',
    healthCreate: 'الفحص الصحي: إنشاء',
  },
} as const;

const ID_TYPE_LABEL = { en: 'Passport', ar: 'جواز السفر' } as const;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** A Mantine select, found by its field id, and one of its options. */
async function choose(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A toast with this text; a save can take long on a busy machine, so it is awaited longer than most. */
async function expectToast(page: Page, message: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: message }).first()).toBeVisible({
    timeout: 30_000,
  });
}

/** The Hijri date in words, as the profile shows it. */
function hijriInWords(year: number, month: number, day: number, language: Language) {
  const iso = hijriToGregorian(year, month, day);
  const locale = language === 'ar' ? 'ar-SA' : 'en-GB';
  return new Intl.DateTimeFormat(`${locale}-u-ca-islamic-umalqura-nu-latn`, { dateStyle: 'long' }).format(
    new Date(`${iso}T12:00:00Z`),
  );
}

test.describe(() => {
  test.use({ account: 'superadmin' });

  for (const [index, language] of LANGUAGES.entries()) {
    test(`super admin adds, edits, finds and deactivates a staff user (${language})`, async ({
      page,
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(300_000);
      const labels = LABELS[language];
      const username = `e2e.clerk.${language}`;
      const nameEn = `Huda Al-Salem ${language.toUpperCase()}`;
      const nameAr = `هدى السالم ${language === 'en' ? 'أ' : 'ب'}`;
      const shownName = language === 'ar' ? nameAr : nameEn;
      const password = 'Clerk@2026x';
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/user-management$/);
      await expect(listTable(page, language, 'users:list.caption')).toBeVisible();
      await checkScreen(page, testInfo, 'user-list', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/add-user$/);
      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('SELECT_USER_TYPE', language))).toBeVisible();
      await expect(field(page, labels.nameEn)).toBeFocused();

      await field(page, labels.nameEn).fill(nameEn);
      await field(page, labels.nameAr).fill(nameAr);
      await field(page, labels.email).fill(`${username}@centre.test`);
      await field(page, labels.username).fill(username);
      await field(page, labels.phone).fill(`05511100${index}1`);
      await choose(page, 'user-type', labels.teller);
      await choose(page, 'user-permissionGroupId', labels.tellers);
      await choose(page, 'user-branchId', labels.riyadh);
      await choose(page, 'user-idType', ID_TYPE_LABEL[language]);
      await field(page, labels.idNumber).fill(`P77${index}1234`);
      await page.locator('#user-idExpiry-day').selectOption('10');
      await page.locator('#user-idExpiry-month').selectOption('5');
      await page.locator('#user-idExpiry-year').fill('١٤٤٩');
      await page.getByLabel(new RegExp(`^${labels.password}`)).fill(password);
      await page.getByLabel(new RegExp(`^${labels.rePassword}`)).fill(password);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/admin\/users\/profile\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownName);
      await expect(page.getByTestId('user-id-expiry')).toContainText(hijriInWords(1449, 5, 10, language));
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'user-profile', language);
      expect((await logInThroughApi(request, username, password)).type).toBe('Teller');

      await page.getByRole('link', { name: labels.edit }).click();
      await expect(page).toHaveURL(/\/admin\/edit-user\/\d+$/);
      await expect(field(page, labels.username)).toHaveValue(username);
      await expect(page.locator('#user-idExpiry-year')).toHaveValue('1449');
      await checkScreen(page, testInfo, 'user-edit', language);
      await field(page, labels.phone).fill(`05511100${index}9`);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByText(`+9665511100${index}9`)).toBeVisible();
      await dismissToasts(page);

      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await page.getByRole('searchbox', { name: labels.search }).fill(username);
      await expect(page.getByTestId('user-total')).toHaveText(labels.total);
      await page.getByRole('link', { name: shownName }).click();
      await expect(page).toHaveURL(/\/admin\/users\/profile\/\d+$/);

      await page.getByRole('button', { name: labels.deactivate }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await checkScreen(page, testInfo, 'user-deactivate', language);
      await dialog.getByRole('button', { name: labels.deactivate, exact: true }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByTestId('user-status')).toHaveText(labels.inactive);

      const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
      const loginPage = await other.newPage();
      await useLanguage(loginPage, language);
      await loginPage.goto('/login');
      await loginPage.getByLabel(loginLabels(language).email).fill(username);
      await loginPage.getByLabel(new RegExp(`^${loginLabels(language).password}`)).fill(password);
      await loginPage.getByRole('button', { name: loginLabels(language).submit }).click();
      await expectToast(loginPage, text('ACCOUNT_INACTIVE', language));
      await expect(loginPage).toHaveURL(/\/login$/);
      await other.close();
    });

    test(`super admin adds a permission group on the grid, then changes it (${language})`, async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      // A group of this test's own: the seeded ones hold other tests' accounts.
      const stamp = uniqueDigits(6);
      const group = {
        nameEn: `Inspectors ${language} ${stamp}`,
        nameAr: `المفتشون ${language === 'en' ? 'أ' : 'ب'} ${stamp}`,
      };
      const edit = `${labels.editPrefix} ${language === 'ar' ? group.nameAr : group.nameEn}`;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.groupsNav }).click();
      await expect(page).toHaveURL(/\/admin\/user-group$/);
      await expect(listTable(page, language, 'users:groups.caption')).toBeVisible();
      await checkScreen(page, testInfo, 'group-list', language);

      await page.goto('/admin/user-group/add');
      await field(page, labels.groupNameEn).fill(group.nameEn);
      await field(page, labels.groupNameAr).fill(group.nameAr);
      await page.getByRole('checkbox', { name: labels.healthCreate }).click();
      await expect(page.getByRole('checkbox', { name: labels.healthView })).toBeChecked();
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/admin\/user-group$/);
      await dismissToasts(page);

      await page.getByRole('link', { name: edit }).click();
      await expect(page).toHaveURL(/\/admin\/user-group\/edit\/\d+$/);
      const scores = page.getByRole('checkbox', { name: labels.scoresView });
      await expect(scores).not.toBeChecked();
      await scores.click();
      await expect(scores).toBeChecked();
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkScreen(page, testInfo, 'group-edit', language);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page).toHaveURL(/\/admin\/user-group$/);
      await page.getByRole('link', { name: edit }).click();
      await expect(page.getByRole('checkbox', { name: labels.scoresView })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: labels.healthView })).toBeChecked();
    });
  }
});

test.describe(() => {
  test.use({ account: 'branchadmin' });

  test('a branch admin sees only its branch’s groups, and may not give rights they lack, nor make a super admin', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Permission groups' }).click();
    await expect(page.getByRole('link', { name: 'Edit Riyadh front desk' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Tellers' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Add group' }).click();
    await expect(page.getByRole('combobox', { name: 'Belongs to' })).toHaveValue('Riyadh — Olaya');
    await expect(page.getByRole('checkbox', { name: 'Finance: Delete' })).toBeDisabled();
    await page.goto('/admin/add-user');
    await page.locator('#user-type').click();
    await expect(page.getByRole('option', { name: 'Teller', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Super Admin', exact: true })).toHaveCount(0);
  });
});

test.describe(() => {
  test.use({ account: 'teller' });

  test('a teller has no Users link; the guard sends them to the dashboard, and to login for a type-only screen', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await page.goto('/admin/user-management');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/user-group');
    await expect(page).toHaveURL(/\/login$/);
  });
});
