import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, latestCode, logInThroughUi, loginLabels } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';
import { uniqueDigits } from '../support/unique.ts';

const LABELS = {
  en: {
    verifyAndNext: 'Verify mobile and continue',
    next: 'Next',
    submit: 'Submit registration',
    code: 'Verification code',
    done: 'Request has been submitted',
    approval: 'User Approval',
    requests: 'Request Management',
    medical: 'Medical Centres',
    approve: 'Approve',
    reject: 'Reject',
    rejectConfirm: 'Reject registration',
    reason: 'Reason',
    add: 'Add centre',
    save: 'Save',
    edit: 'Edit',
    search: 'Search',
    approved: 'Approved',
    rejected: 'Rejected',
    riyadh: 'Riyadh',
    jeddahRegion: 'Makkah',
    jeddah: 'Jeddah',
    dashboardNote: 'Your centre is approved.',
  },
  ar: {
    verifyAndNext: 'تحقق من الجوال وتابع',
    next: 'التالي',
    submit: 'إرسال طلب التسجيل',
    code: 'رمز التحقق',
    done: 'تم تقديم الطلب',
    approval: 'اعتماد المستخدمين',
    requests: 'إدارة الطلبات',
    medical: 'المراكز الطبية',
    approve: 'اعتماد',
    reject: 'رفض',
    rejectConfirm: 'رفض التسجيل',
    reason: 'السبب',
    add: 'إضافة مركز',
    save: 'حفظ',
    edit: 'تعديل',
    search: 'بحث',
    approved: 'معتمد',
    rejected: 'مرفوض',
    riyadh: 'الرياض',
    jeddahRegion: 'مكة المكرمة',
    jeddah: 'جدة',
    dashboardNote: 'تم اعتماد مركزكم.',
  },
} as const;

const PASSWORD = 'Strong@2026';
/** A tiny real PDF: the API checks the bytes, not the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function newCentre(language: Language) {
  const stamp = uniqueDigits(7);
  return {
    nameEn: `Najd Hygiene Training ${language.toUpperCase()} ${stamp}`,
    nameAr: `مركز نجد للتدريب ${language === 'en' ? 'أ' : 'ب'} ${stamp}`,
    crNumber: `101${stamp}`,
    licenceNumber: `TVTC-${stamp}`,
    vatNumber: '310000000000003',
    address: 'King Abdullah Road, Riyadh',
    contactName: 'Majed Al-Qahtani',
    email: `centre.${language}.${stamp}@example.com`,
    mobile: `055${stamp}`,
  };
}
type Centre = ReturnType<typeof newCentre>;

async function choose(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function check(page: Page, testInfo: TestInfo, name: string, language: Language) {
  await dismissToasts(page);
  await checkScreen(page, testInfo, `centers-${name}`, language);
}

async function expectStep(page: Page, number: number) {
  await expect(page.locator('#center-reg-step-title')).toContainText(new RegExp(`${number}`));
  await expect(page.locator('#center-reg-step-title')).toBeFocused();
}

async function fillDetails(page: Page, prefix: string, centre: Centre, language: Language) {
  await page.locator(`#${prefix}-nameEn`).fill(centre.nameEn);
  await page.locator(`#${prefix}-nameAr`).fill(centre.nameAr);
  await page.locator(`#${prefix}-crNumber`).fill(centre.crNumber);
  await page.locator(`#${prefix}-crExpiry`).fill('2029-03-31');
  await page.locator(`#${prefix}-licenceNumber`).fill(centre.licenceNumber);
  await page.locator(`#${prefix}-licenceExpiry`).fill('2028-09-30');
  await page.locator(`#${prefix}-vatNumber`).fill(centre.vatNumber);
  await choose(page, `${prefix}-region`, LABELS[language].riyadh);
  await choose(page, `${prefix}-city`, LABELS[language].riyadh);
  await page.locator(`#${prefix}-address`).fill(centre.address);
}

async function fillContact(page: Page, prefix: string, centre: Centre) {
  await page.locator(`#${prefix}-contactName`).fill(centre.contactName);
  await page.locator(`#${prefix}-email`).fill(centre.email);
  await page.locator(`#${prefix}-mobile`).fill(centre.mobile);
}

/** The public wizard, from an empty form to "Request has been submitted". */
async function registerThroughUi(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  language: Language,
  centre: Centre,
) {
  const labels = LABELS[language];
  await page.goto('/training-register');
  await expect(page.locator('#center-reg-step-title')).toBeVisible();
  // Next on an empty step shows the rules' messages and changes nothing.
  await page.getByRole('button', { name: labels.next, exact: true }).click();
  await expect(page.getByText(text('ENTER_LICENCE_NUMBER', language))).toBeVisible();
  await expect(page.locator('#center-reg-nameEn')).toBeFocused();

  await fillDetails(page, 'center-reg', centre, language);
  const chooser = page.waitForEvent('filechooser');
  await page.locator('#center-reg-crCopy').click();
  await (await chooser).setFiles({ name: 'cr.pdf', mimeType: 'application/pdf', buffer: PDF });
  await check(page, testInfo, 'register-1-details', language);
  await page.getByRole('button', { name: labels.next, exact: true }).click();

  await expectStep(page, 2);
  await fillContact(page, 'center-reg', centre);
  await check(page, testInfo, 'register-2-contact', language);
  await page.getByRole('button', { name: labels.verifyAndNext }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('otp-phone')).toHaveText(/^\*+\d{2}$/);
  await check(page, testInfo, 'register-2-otp', language);
  const code = await latestCode(request, centre.mobile.slice(-8), 4);
  await modal.getByRole('group', { name: labels.code }).locator('input').first().click();
  await page.keyboard.type(code);

  await expectStep(page, 3);
  await page.locator('#center-reg-password').fill(PASSWORD);
  await page.locator('#center-reg-rePassword').fill(PASSWORD);
  await check(page, testInfo, 'register-3-account', language);
  await page.getByRole('button', { name: labels.next, exact: true }).click();

  await expectStep(page, 4);
  await expect(page.getByText(centre.email)).toBeVisible();
  await check(page, testInfo, 'register-4-review', language);
  await page.getByRole('button', { name: labels.submit }).dblclick();
  await expect(page.getByTestId('center-registration-done')).toBeVisible();
  await expect(page.getByRole('heading', { name: labels.done })).toBeVisible();
  await check(page, testInfo, 'register-5-done', language);
}

/** A login that the server refuses with a message, which the login screen shows. */
async function expectLoginRefused(
  page: Page,
  language: Language,
  email: string,
  password: string,
  message: string,
) {
  const labels = loginLabels(language);
  await page.goto('/login');
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(new RegExp(`^${labels.password}`)).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
  await expectToast(page, message);
  await expect(page).toHaveURL(/\/login$/);
}

for (const language of LANGUAGES) {
  test(`a training centre registers, the super admin approves it, and it logs in (${language})`, async ({
    page,
    request,
    pageAs,
  }, testInfo) => {
    const labels = LABELS[language];
    const centre = newCentre(language);
    const shownName = language === 'ar' ? centre.nameAr : centre.nameEn;
    await useLanguage(page, language);
    await registerThroughUi(page, request, testInfo, language, centre);

    await expectLoginRefused(page, language, centre.email, PASSWORD, text('REGISTRATION_PENDING', language));

    const admin = await pageAs('superadmin');
    await useLanguage(admin, language);
    await admin.goto('/admin/dashboard');
    await admin.getByRole('link', { name: labels.approval, exact: true }).click();
    await expect(admin).toHaveURL(/\/admin\/user-approval$/);
    const row = admin.getByRole('row').filter({ hasText: shownName });
    await expect(row).toHaveCount(1);
    await check(admin, testInfo, 'user-approval', language);
    await row.getByRole('button', { name: labels.approve }).click();
    await check(admin, testInfo, 'approve-confirm', language);
    await admin.getByRole('dialog').getByRole('button', { name: labels.approve }).click();
    await expectToast(admin, text('RECORDS_UPDATED', language));
    await expect(row).toHaveCount(0);

    await admin.getByRole('link', { name: labels.requests, exact: true }).click();
    // The approval screen stays until the next one is drawn: its search box must not take the search.
    await expect(admin.getByRole('heading', { level: 1, name: labels.requests })).toBeVisible();
    await admin.getByRole('searchbox', { name: labels.search }).fill(centre.crNumber);
    await expect(admin.getByRole('row').filter({ hasText: shownName })).toContainText(labels.approved);
    await check(admin, testInfo, 'request-management', language);

    await logInThroughUi(page, language, centre.email, /\/center\/dashboard$/, PASSWORD);
    await expect(page.getByTestId('dashboard-greeting')).toContainText(shownName);
    await expect(page.getByTestId('center-dashboard-status')).toContainText(labels.dashboardNote);
    await check(page, testInfo, 'center-dashboard', language);
  });
}

test.describe(() => {
  test.use({ account: 'superadmin' });

  test('the super admin rejects a registration only with a reason, and the centre is told why it cannot log in (ar)', async ({
    page,
    pageAs,
  }, testInfo) => {
    const labels = LABELS.ar;
    await useLanguage(page, 'ar');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: labels.approval, exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'أكاديمية الشرقية للنظافة الصحية' });
    await row.getByRole('button', { name: labels.reject }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: labels.rejectConfirm }).click();
    await expect(dialog.getByText(text('ENTER_REASON', 'ar'))).toBeVisible();
    await check(page, testInfo, 'reject-reason', 'ar');
    await dialog.getByLabel(labels.reason).fill('رقم الترخيص لا يطابق النسخة المرفقة.');
    await dialog.getByRole('button', { name: labels.rejectConfirm }).click();
    await expectToast(page, text('RECORDS_UPDATED', 'ar'));
    await expect(row).toHaveCount(0);

    await page.getByRole('link', { name: labels.requests, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: labels.requests })).toBeVisible();
    await page.getByRole('searchbox', { name: labels.search }).fill('2050123456');
    await expect(page.getByRole('row').filter({ hasText: 'أكاديمية الشرقية' })).toContainText(
      labels.rejected,
    );

    const visitor = await pageAs(undefined);
    await useLanguage(visitor, 'ar');
    await expectLoginRefused(
      visitor,
      'ar',
      'eastern.academy@tasreeh.test',
      DEMO_PASSWORD,
      text('REGISTRATION_REJECTED', 'ar'),
    );
  });

  for (const language of LANGUAGES) {
    test(`the super admin adds, finds and edits a medical centre (${language})`, async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      const centre = newCentre(language);
      centre.nameEn = `Al-Hayat Clinic ${language.toUpperCase()} ${centre.crNumber}`;
      centre.nameAr = `عيادة الحياة ${language === 'en' ? 'أ' : 'ب'} ${centre.crNumber}`;
      const shownName = language === 'ar' ? centre.nameAr : centre.nameEn;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: labels.medical, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/medical-center$/);
      await check(page, testInfo, 'medical-list', language);
      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/medical-center\/add-new$/);
      await check(page, testInfo, 'medical-add', language);

      await fillDetails(page, 'center-form', centre, language);
      await fillContact(page, 'center-form', centre);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('PASSWORD_SENT', language));
      await expect(page).toHaveURL(/\/admin\/medical-center\/profile\/\d+$/);
      await expect(page.getByRole('heading', { name: shownName })).toBeVisible();
      await check(page, testInfo, 'medical-profile', language);

      await page.getByRole('link', { name: labels.edit }).click();
      await expect(page).toHaveURL(/\/admin\/medical-center\/edit\/\d+$/);
      await choose(page, 'center-form-region', labels.jeddahRegion);
      await choose(page, 'center-form-city', labels.jeddah);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page.getByText(`${labels.jeddahRegion} — ${labels.jeddah}`)).toBeVisible();

      await page.getByRole('link', { name: labels.medical, exact: true }).click();
      await page.getByRole('searchbox', { name: labels.search }).fill(centre.crNumber);
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('link', { name: shownName })).toBeVisible();
    });
  }
});
