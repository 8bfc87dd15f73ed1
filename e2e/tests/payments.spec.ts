import { pendingBooking } from '../support/bookings.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';

/**
 * Issue 11: a student pays a Pending Payment booking by card through the development gateway
 * (Approve) and downloads the invoice; a declined card leaves the booking Pending Payment.
 * Its data comes through the API: a Remote training session made by staff and the student's
 * hold on it.
 */
const LABELS = {
  en: { payNow: /Pay Now/, approve: 'Approve', decline: 'Decline', download: /Download INV-/ },
  ar: { payNow: /ادفع الآن/, approve: 'Approve', decline: 'Decline', download: /تنزيل INV-/ },
} as const;

test.use({ account: 'student' });

for (const language of LANGUAGES) {
  test.describe(`payments (${language})`, () => {
    test('a student pays by card through the development gateway and downloads the invoice', async ({
      page,
      apiAs,
    }) => {
      const { id: bookingId } = await pendingBooking(await apiAs('superadmin'), await apiAs('student'));
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto(`/student/payments/check-out/${bookingId}`);
      await page.getByRole('button', { name: labels.payNow }).click();
      await expect(page).toHaveURL(/\/api\/dev-gateway\/pay\//);
      await page.getByRole('button', { name: labels.approve }).click();
      await expect(page).toHaveURL(
        new RegExp(`/student/payments/check-out/${bookingId}\\?payment=\\d+&result=paid`),
      );
      await expect(page.getByTestId('payment-result')).toHaveText(text('PAYMENT_SUCCEEDED', language));

      await page.goto('/student/payments');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: labels.download }).first().click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    });

    test('a declined card leaves the booking Pending Payment, with a clear message', async ({
      page,
      apiAs,
    }) => {
      const student = await apiAs('student');
      const { id: bookingId } = await pendingBooking(await apiAs('superadmin'), student);
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto(`/student/payments/check-out/${bookingId}`);
      await page.getByRole('button', { name: labels.payNow }).click();
      await page.getByRole('button', { name: labels.decline }).click();
      await expect(page.getByTestId('payment-result')).toHaveText(text('PAYMENT_DECLINED', language));
      const summary = await student.get(`/api/payments/checkout/${bookingId}`);
      expect((await summary.json()).status).toBe('Pending Payment');
      // Paying again stays possible.
      await expect(page.getByRole('button', { name: labels.payNow })).toBeVisible();
    });
  });
}
