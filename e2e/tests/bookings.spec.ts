import { expect as baseExpect } from '@playwright/test';
import { pendingBooking } from '../support/bookings.ts';
import { test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { checkScreen } from '../support/screens.ts';

/**
 * Bookings through the screens: the student's booking steps, a held booking as its student sees
 * it, and the same booking found by staff in booking-management (the booking itself is made
 * through the API, `support/bookings.ts`; the seat rules are the API tests'). The teller's
 * counter booking is counter-booking.spec's, the corporate's corporate-booking.spec's.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/** The demo student's ID number (README: it also logs in with it). */
const DEMO_STUDENT_ID_NUMBER = '2000000006';

const LABELS = {
  en: {
    nav: 'Bookings',
    studentTitle: 'Book a course',
    selectDate: 'Select Date',
    confirmStep: 'Payment And Confirm',
    course: 'Course',
    courseName: 'Food Safety Basics',
    mine: 'My bookings',
    pendingPayment: 'Pending Payment',
    adminTitle: 'Booking management',
    search: 'Search by student ID number',
  },
  ar: {
    nav: 'الحجوزات',
    studentTitle: 'احجز دورة',
    selectDate: 'اختر التاريخ',
    confirmStep: 'الدفع والتأكيد',
    course: 'الدورة',
    courseName: 'أساسيات سلامة الغذاء',
    mine: 'حجوزاتي',
    pendingPayment: 'بانتظار الدفع',
    adminTitle: 'إدارة الحجوزات',
    search: 'البحث برقم هوية المتدرب',
  },
} as const;

for (const language of LANGUAGES) {
  const labels = LABELS[language];

  test.describe(() => {
    test.use({ account: 'student' });

    test(`a student opens booking, picks a course and sees the two steps (${language})`, async ({
      page,
    }, testInfo) => {
      await useLanguage(page, language);
      await page.goto('/student/dashboard');
      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/student\/booking$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(labels.studentTitle);
      await expect(page.getByText(labels.selectDate, { exact: true })).toBeVisible();
      await expect(page.getByText(labels.confirmStep, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: labels.mine })).toBeVisible();
      await checkScreen(page, testInfo, 'student-booking', language);
      await page.getByRole('combobox', { name: labels.course }).click();
      await page.getByRole('option', { name: new RegExp(labels.courseName) }).click();
      await expect(page.getByRole('combobox', { name: labels.course })).toHaveValue(
        new RegExp(labels.courseName),
      );
    });
  });

  test.describe(() => {
    test.use({ account: 'superadmin' });

    test(`an admin opens booking-management (${language})`, async ({ page }, testInfo) => {
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: labels.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/booking-management$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(labels.adminTitle);
      await expect(page.getByLabel(labels.search)).toBeVisible();
      await checkScreen(page, testInfo, 'booking-management', language);
    });
  });

  test.describe(() => {
    test.use({ account: 'student' });

    test(`a student sees its held booking, which staff then find in booking-management (${language})`, async ({
      page,
      apiAs,
      pageAs,
    }) => {
      const booking = await pendingBooking(await apiAs('superadmin'), await apiAs('student'));
      await useLanguage(page, language);
      await page.goto(`/student/booking/${booking.id}`);
      await expect(page.getByText(booking.number)).toBeVisible();
      await expect(page.getByText(labels.pendingPayment, { exact: true }).first()).toBeVisible();

      const admin = await pageAs('superadmin');
      await useLanguage(admin, language);
      await admin.goto('/admin/booking-management');
      await admin.getByLabel(labels.search).fill(DEMO_STUDENT_ID_NUMBER);
      await expect(admin.getByRole('row').filter({ hasText: booking.number })).toBeVisible();
    });
  });
}
