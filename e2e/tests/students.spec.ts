import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { addStudentThroughApi, type NewStudent, newStudent, PNG } from '../support/students.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

/**
 * Long flows through screens with every §3 field: allowed more time on a busy machine (speed is
 * measured by the benchmarks, not here).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const FLOW_TIMEOUT_MS = 240_000;

const LABELS = {
  en: {
    nav: 'Students',
    navTransfer: 'Student transfer',
    navBiometrics: 'Biometric data',
    add: 'Add student',
    save: 'Save',
    male: 'Male',
    edit: 'Edit student',
    occupation: 'Occupation',
    search: 'Search students',
    findById: 'Find by ID number',
    find: 'Find',
    hold: 'Hold',
    unhold: 'UnHold',
    confirmHold: 'Put on hold',
    confirmUnhold: 'Take off hold',
    reason: 'Reason',
    onHold: 'On hold',
    active: 'Active',
    transferCorporate: 'Transfer to corporate',
    transferReason: 'Reason for the transfer',
    continue: 'Continue',
    confirmTransfer: 'Confirm transfer',
    corporateSearch: 'Nakheel',
    corporateName: 'Al-Nakheel Catering Co.',
    onFile: 'On file',
    notEnrolled: 'Not enrolled',
    remove: 'Remove from our students',
    confirmRemove: 'Remove',
    oneStudent: '1 student',
    noMatch: 'No students match.',
  },
  ar: {
    nav: 'الطلاب',
    navTransfer: 'نقل الطلاب',
    navBiometrics: 'البيانات الحيوية',
    add: 'إضافة طالب',
    save: 'حفظ',
    male: 'ذكر',
    edit: 'تعديل الطالب',
    occupation: 'المهنة',
    search: 'البحث في الطلاب',
    findById: 'البحث برقم الهوية',
    find: 'بحث',
    hold: 'إيقاف',
    unhold: 'إلغاء الإيقاف',
    confirmHold: 'إيقاف',
    confirmUnhold: 'إلغاء الإيقاف',
    reason: 'السبب',
    onHold: 'موقوف',
    active: 'نشط',
    transferCorporate: 'النقل إلى الشركة',
    transferReason: 'سبب النقل',
    continue: 'متابعة',
    confirmTransfer: 'تأكيد النقل',
    corporateSearch: 'النخيل',
    corporateName: 'شركة النخيل للإعاشة',
    onFile: 'محفوظة',
    notEnrolled: 'غير مسجّلة',
    remove: 'إزالة من طلابنا',
    confirmRemove: 'إزالة',
    oneStudent: 'طالب واحد',
    noMatch: 'لا يوجد طلاب مطابقون.',
  },
} as const;

const shownName = (student: NewStudent, language: Language) =>
  language === 'ar' ? student.nameAr : student.nameEn;

async function fillStudent(page: Page, language: Language, student: NewStudent) {
  const labels = LABELS[language];
  await page.locator('#reg-fullNameAr').fill(student.nameAr);
  await page.locator('#reg-fullNameEn').fill(student.nameEn);
  await page.locator('#reg-dateOfBirth-day').selectOption('15');
  await page.locator('#reg-dateOfBirth-month').selectOption('6');
  await page.locator('#reg-dateOfBirth-year').fill('1992');
  await page.getByRole('radio', { name: labels.male, exact: true }).check();
  const country = language === 'en' ? 'Pakistan' : 'باكستان';
  await page.locator('#reg-nationality').fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await page.locator('#reg-idType').selectOption('passport');
  await page.locator('#reg-idNumber').fill(student.idNumber);
  await page.locator('#reg-occupation').fill('Cook');
  await page.locator('#reg-mobile').fill(student.mobile);
  await page.locator('#reg-email').fill(student.email);
  await page.locator('#reg-region').selectOption('SA-01');
  await page.locator('#reg-city').selectOption('riyadh');
}

test.describe(() => {
  test.use({ account: 'branchadmin' });

  // The one flow through the add form (with a photo); the other tests add their student through the API.
  test('a branch admin adds a student through the form, with a photo, then edits them (en)', async ({
    page,
  }, testInfo) => {
    test.setTimeout(FLOW_TIMEOUT_MS);
    const language = 'en';
    const labels = LABELS[language];
    const student = newStudent(language, 'form');
    await useLanguage(page, language);
    await page.goto('/admin/dashboard');

    await page.getByRole('link', { name: labels.nav, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(listTable(page, language, 'students:list.caption')).toBeVisible();
    await checkScreen(page, testInfo, 'student-list', language);

    await page.getByRole('link', { name: labels.add }).click();
    await expect(page).toHaveURL(/\/admin\/students\/add-new$/);
    await page.getByRole('button', { name: labels.save, exact: true }).click();
    await expect(page.locator('#reg-fullNameAr')).toBeFocused();
    await expect(page.locator('#reg-fullNameAr')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(text('SELECT_GENDER', language), { exact: true })).toBeVisible();

    await fillStudent(page, language, student);
    await expect(page.locator('#reg-branchId')).toHaveValue(/\d+/);
    const chooser = page.waitForEvent('filechooser');
    await page.locator('#reg-photo').click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: labels.save, exact: true }).click();
    await expectToast(page, text('RECORDS_SAVED', language));
    await expect(page).toHaveURL(/\/admin\/students\/profile\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.nameEn);
    await expect(page.getByRole('img', { name: /Personal photo/ })).toBeVisible();
    await dismissToasts(page);
    await checkScreen(page, testInfo, 'student-profile', language);

    await page.getByRole('link', { name: labels.edit }).click();
    await expect(page).toHaveURL(/\/admin\/students\/edit\/\d+$/);
    await expect(page.locator('#reg-fullNameEn')).toHaveValue(student.nameEn);
    await checkScreen(page, testInfo, 'student-edit', language);
    await page.locator('#reg-occupation').fill('Head cook');
    await page.getByRole('button', { name: labels.save, exact: true }).click();
    await expectToast(page, text('RECORDS_UPDATED', language));
    await expect(page).toHaveURL(/\/admin\/students\/profile\/\d+$/);
    await expect(page.getByText('Head cook')).toBeVisible();
  });

  for (const language of LANGUAGES) {
    test(`a branch admin finds a student by name and ID, holds and un-holds them (${language})`, async ({
      page,
      apiAs,
    }, testInfo) => {
      test.setTimeout(FLOW_TIMEOUT_MS);
      const labels = LABELS[language];
      const student = newStudent(language, 'hold');
      await addStudentThroughApi(await apiAs('branchadmin'), student);
      const name = shownName(student, language);
      await useLanguage(page, language);
      await page.goto('/admin/students');
      await expect(page.getByRole('table')).toBeVisible();
      if (language === 'ar') await checkScreen(page, testInfo, 'student-list', language);

      await page.getByRole('searchbox', { name: labels.search }).fill(student.nameEn);
      await expect(page.getByTestId('student-total')).toHaveText(labels.oneStudent);
      await expect(page.getByRole('link', { name })).toBeVisible();

      const findBox = page.getByRole('textbox', { name: labels.findById });
      await findBox.fill('2999999999');
      await page.getByRole('button', { name: labels.find, exact: true }).click();
      await expect(page.getByText(text('NO_STUDENT_WITH_ID', language))).toBeVisible();
      await findBox.fill(student.idNumber.toLowerCase());
      await page.getByRole('button', { name: labels.find, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/students\/profile\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      if (language === 'ar') await checkScreen(page, testInfo, 'student-profile', language);

      await page.getByRole('button', { name: labels.hold, exact: true }).click();
      const holdDialog = page.getByRole('dialog');
      await holdDialog.getByRole('button', { name: labels.confirmHold, exact: true }).click();
      await expect(holdDialog.getByText(text('ENTER_REASON', language))).toBeVisible();
      await checkScreen(page, testInfo, 'student-hold', language);
      await holdDialog.getByRole('textbox', { name: labels.reason }).fill('Unpaid balance');
      await holdDialog.getByRole('button', { name: labels.confirmHold, exact: true }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByTestId('hold-reason')).toContainText('Unpaid balance');
      await expect(page.getByText(labels.onHold, { exact: true })).toBeVisible();
      await dismissToasts(page);

      await page.getByRole('button', { name: labels.unhold, exact: true }).click();
      const unholdDialog = page.getByRole('dialog');
      await unholdDialog.getByRole('textbox', { name: labels.reason }).fill('Paid in full');
      await unholdDialog.getByRole('button', { name: labels.confirmUnhold, exact: true }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByTestId('hold-reason')).toHaveCount(0);
      await expect(page.getByText(labels.active, { exact: true })).toBeVisible();
    });

    test(`a branch admin transfers a student to a corporate and sees their biometric data (${language})`, async ({
      page,
      apiAs,
    }, testInfo) => {
      test.setTimeout(FLOW_TIMEOUT_MS);
      const labels = LABELS[language];
      const student = newStudent(language, 'move');
      const id = await addStudentThroughApi(await apiAs('branchadmin'), student);
      const name = shownName(student, language);
      await useLanguage(page, language);
      if (language === 'ar') {
        await page.goto(`/admin/students/edit/${id}`);
        await expect(page.locator('#reg-fullNameEn')).toHaveValue(student.nameEn);
        await checkScreen(page, testInfo, 'student-edit', language);
      }

      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: labels.navTransfer }).click();
      await expect(page).toHaveURL(/\/admin\/student-transfer$/);
      await page.getByRole('textbox', { name: labels.findById }).fill(student.idNumber);
      await page.getByRole('button', { name: labels.find, exact: true }).click();
      await expect(page.getByRole('link', { name })).toBeVisible();
      await page.getByRole('combobox', { name: labels.transferCorporate }).fill(labels.corporateSearch);
      await page.getByRole('option', { name: labels.corporateName }).click();
      await page.getByRole('textbox', { name: labels.transferReason }).fill('Hired by the company');
      await page.getByRole('button', { name: labels.continue }).click();
      await expect(page.getByTestId('transfer-confirm')).toContainText(labels.corporateName);
      await checkScreen(page, testInfo, 'student-transfer-confirm', language);
      await page.getByRole('button', { name: labels.confirmTransfer }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByTestId('transfer-current')).toContainText(labels.corporateName);
      await dismissToasts(page);

      await page.getByRole('link', { name: labels.navBiometrics }).click();
      await expect(page).toHaveURL(/\/admin\/students\/biometricdata$/);
      await page.getByRole('searchbox', { name: labels.search }).fill(student.idNumber);
      await expect(page.getByTestId('student-total')).toHaveText(labels.oneStudent);
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row.getByText(labels.onFile, { exact: true })).toBeVisible();
      await expect(row.getByText(labels.notEnrolled, { exact: true })).toBeVisible();
      await checkScreen(page, testInfo, 'student-biometrics', language);
    });
  }
});

test.describe(() => {
  test.use({ account: 'corporate' });

  for (const language of LANGUAGES) {
    test(`a corporate adds one of its workers, then removes them after confirming (${language})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(FLOW_TIMEOUT_MS);
      const labels = LABELS[language];
      const student = newStudent(language, 'co');
      const name = shownName(student, language);
      await useLanguage(page, language);
      await page.goto('/corporate/dashboard');

      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/corporate\/students$/);
      await expect(page.getByTestId('student-total')).toBeVisible();
      await checkScreen(page, testInfo, 'corporate-students', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/corporate\/students\/add-new-student$/);
      await fillStudent(page, language, student);
      await page.locator('#reg-branchId').selectOption({ index: 1 });
      await checkScreen(page, testInfo, 'corporate-student-form', language);
      await page.getByRole('button', { name: labels.save, exact: true }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/corporate\/students\/profile\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('main').getByText(labels.corporateName)).toBeVisible();
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'corporate-student-profile', language);

      await page.getByRole('button', { name: labels.remove }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(':focus')).toHaveCount(1);
      await checkScreen(page, testInfo, 'corporate-student-remove', language);
      await dialog.getByRole('button', { name: labels.confirmRemove, exact: true }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page).toHaveURL(/\/corporate\/students$/);
      await page.getByRole('searchbox', { name: labels.search }).fill(student.idNumber);
      await expect(page.getByRole('status').filter({ hasText: labels.noMatch })).toBeVisible();
    });
  }
});
