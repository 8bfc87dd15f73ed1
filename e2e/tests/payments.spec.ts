import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';

/**
 * Issue 11: a student pays a Pending Payment booking by card through the development gateway
 * (Approve) and downloads the invoice; a declined card leaves the booking Pending Payment.
 *
 * Its data comes through the API contract of issue 11: a session made by staff
 * (`POST /api/sessions`) and a booking by the student (`POST /api/bookings` → `Pending
 * Payment`). Those routes are built in parallel with the payments; until they are merged the
 * spec says so and skips.
 */
const LABELS = {
  en: { payNow: /Pay Now/, approve: 'Approve', decline: 'Decline', download: /Download INV-/ },
  ar: { payNow: /ادفع الآن/, approve: 'Approve', decline: 'Decline', download: /تنزيل INV-/ },
} as const;

test.use({ account: 'student' });

let seed = 0;

/** A fresh session (so that the student's one live booking per session never clashes) and the student's hold on it. */
async function pendingBooking(
  staff: APIRequestContext,
  student: APIRequestContext,
): Promise<number | undefined> {
  seed++;
  const courses = await staff.get('/api/courses?limit=1');
  const course = (await courses.json()).items?.[0];
  const startsAt = new Date(Date.now() + (72 + seed) * 3_600_000);
  const session = await staff.post('/api/sessions', {
    headers: { 'idempotency-key': `e2e-session-${Date.now()}-${seed}` },
    data: {
      kind: 'training',
      courseId: course?.id,
      delivery: 'remote',
      language: 'en',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      capacity: 10,
    },
  });
  if (session.status() === 404) return undefined;
  expect(session.status(), await session.text()).toBe(201);
  const booking = await student.post('/api/bookings', {
    headers: { 'idempotency-key': `e2e-booking-${Date.now()}-${seed}` },
    data: { sessionId: (await session.json()).id },
  });
  if (booking.status() === 404) return undefined;
  expect(booking.status(), await booking.text()).toBe(201);
  const body = await booking.json();
  expect(body.status).toBe('Pending Payment');
  return body.id;
}

for (const language of LANGUAGES) {
  test.describe(`payments (${language})`, () => {
    test('a student pays by card through the development gateway and downloads the invoice', async ({
      page,
      apiAs,
    }) => {
      const bookingId = await pendingBooking(await apiAs('superadmin'), await apiAs('student'));
      test.skip(
        bookingId === undefined,
        'POST /api/sessions and POST /api/bookings are not on this branch yet',
      );
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
      const bookingId = await pendingBooking(await apiAs('superadmin'), student);
      test.skip(
        bookingId === undefined,
        'POST /api/sessions and POST /api/bookings are not on this branch yet',
      );
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
