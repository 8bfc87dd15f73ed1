import { expect as baseExpect } from '@playwright/test';
import { bookableDay, remoteSession, sessionTimeLabel } from '../support/bookings.ts';
import { test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { addStudentThroughApi, newStudent, placementBranchId } from '../support/students.ts';

/**
 * Issue 11: a teller books at the counter for a student found by ID number (new-book →
 * new-book/end), takes the payment in cash, and sees the booking Booked with its invoice, whose
 * PDF downloads. The student and the session come through the API.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Each language's session day (support/bookings.ts `bookableDay`). */
const DAY: Record<Language, number> = { en: 30, ar: 32 };

const LABELS = {
  en: {
    nav: 'New booking',
    idNumber: 'Student ID number',
    find: 'Find',
    continue: 'Continue',
    endTitle: 'New booking: course and session',
    course: 'Course',
    training: 'Training',
    next: 'Next',
    book: 'Confirm and pay',
    checkoutTitle: 'Checkout',
    cash: 'Cash',
    payNow: /^Pay Now/,
    booked: 'Booked',
    invoice: 'Invoice',
  },
  ar: {
    nav: 'حجز جديد',
    idNumber: 'رقم هوية المتدرب',
    find: 'بحث',
    continue: 'متابعة',
    endTitle: 'حجز جديد: الدورة والجلسة',
    course: 'الدورة',
    training: 'تدريب',
    next: 'التالي',
    book: 'تأكيد والدفع',
    checkoutTitle: 'إتمام الدفع',
    cash: 'نقداً',
    payNow: /^ادفع الآن/,
    booked: 'محجوز',
    invoice: 'الفاتورة',
  },
} as const;

test.use({ account: 'teller' });

for (const language of LANGUAGES) {
  test(`a teller books a student at the counter, takes cash and downloads the invoice (${language})`, async ({
    page,
    apiAs,
  }, testInfo) => {
    const labels = LABELS[language];
    const teller = await apiAs('teller');
    const student = newStudent(language, 'counter');
    await addStudentThroughApi(teller, student);
    // The teller sees the sessions of its own branch.
    const session = await remoteSession(await apiAs('superadmin'), bookableDay(DAY[language]), {
      branchId: await placementBranchId(teller),
    });
    const studentName = language === 'ar' ? student.nameAr : student.nameEn;

    await useLanguage(page, language);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: labels.nav, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/new-book$/);
    await page.getByLabel(labels.idNumber).fill(student.idNumber);
    await page.getByRole('button', { name: labels.find, exact: true }).click();
    await expect(page.getByText(student.idNumber)).toBeVisible();
    await checkScreen(page, testInfo, 'new-book', language);
    await page.getByRole('link', { name: labels.continue, exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/new-book\/end\?studentId=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labels.endTitle);
    await expect(page.getByText(studentName)).toBeVisible();
    await page.getByRole('combobox', { name: labels.course }).click();
    const courseName = language === 'ar' ? session.course.nameAr : session.course.nameEn;
    await page.getByRole('option', { name: courseName }).click();
    const startsAt = await sessionTimeLabel(page, session.startsAt, language);
    await page.getByRole('radio', { name: `${startsAt} · ${labels.training}`, exact: true }).check();
    await checkScreen(page, testInfo, 'new-book-end', language);
    await page.getByRole('button', { name: labels.next, exact: true }).click();
    await page.getByRole('button', { name: labels.book, exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/payments\/check-out\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labels.checkoutTitle);
    await page.getByRole('radio', { name: labels.cash, exact: true }).check();
    await checkScreen(page, testInfo, 'counter-checkout', language);
    await page.getByRole('button', { name: labels.payNow }).click();
    await expect(page.getByTestId('payment-result')).toHaveText(text('PAYMENT_SUCCEEDED', language));
    await expect(page.getByRole('definition').filter({ hasText: labels.booked })).toHaveText(labels.booked);

    const pdf = page.waitForResponse(/\/api\/invoices\/\d+\/pdf$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: labels.invoice, exact: true }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
}
