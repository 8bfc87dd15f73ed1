import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';

/**
 * Exam check-in (exam/check-out/:id) and fingerprint enrolment (students/biometricdata/:id), with
 * Chromium's fake camera and the development fingerprint reader, on the demo student's paid seat
 * in the exam that is open now (the seed's: the demo examiner's only free hour is taken by it, so
 * no second open exam can be scheduled through the API). Serial, each test continuing the same
 * booking: an admin enrols a finger (English); the student types the ID number and takes the live
 * photo (English); the student checks the fingerprint and starts the exam (Arabic).
 */
test.describe.configure({ mode: 'serial' });

const DEMO_STUDENT_ID_NUMBER = '2000000006';

interface OpenBooking {
  id: number;
  student: { id: number };
}

/** Opens a screen and waits until the app has taken the page over (as the `page` fixture does). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

async function openExamBooking(api: APIRequestContext): Promise<OpenBooking> {
  const list = await (await api.get('/api/bookings?limit=50')).json();
  const now = Date.now();
  const booking = list.items.find(
    (item: { status: string; session: { kind: string; startsAt: string; endsAt: string } }) =>
      item.status === 'Booked' &&
      item.session.kind === 'exam' &&
      new Date(item.session.startsAt).getTime() <= now &&
      new Date(item.session.endsAt).getTime() > now,
  );
  expect(booking, 'the seed’s open exam booking').toBeDefined();
  return booking as OpenBooking;
}

test('an admin enrols the demo student’s right index finger: four captures with progress', async ({
  pageAs,
  apiAs,
}) => {
  const booking = await openExamBooking(await apiAs('student'));
  const page = await pageAs('superadmin');
  await useLanguage(page, 'en');
  await open(page, `/admin/students/biometricdata/${booking.student.id}`);
  await expect(page.getByTestId('enrolled-finger')).toHaveText('No fingerprint is enrolled.');
  await page.getByRole('radio', { name: 'Right index finger' }).check();
  await expect(page.getByTestId('capture-progress')).toHaveText('Capture 0 of 4');
  await page.getByRole('button', { name: 'Start the four captures' }).click();
  await expect(page.getByTestId('capture-progress')).toHaveText('Capture 4 of 4');
  await page.getByRole('button', { name: 'Save fingerprint' }).click();
  await expect(page.getByTestId('enrolled-finger')).toContainText('Right index finger');
  const status = await (
    await (await apiAs('superadmin')).get(`/api/students/${booking.student.id}/fingerprint`)
  ).json();
  expect(status).toMatchObject({ enrolled: true, finger: 'right-index' });
});

test('the student checks the ID number and takes the live photo with the camera, in English', async ({
  pageAs,
  apiAs,
}) => {
  const api = await apiAs('student');
  const booking = await openExamBooking(api);
  const page = await pageAs('student');
  await useLanguage(page, 'en');
  await open(page, `/student/exam/check-out/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Exam check-in', level: 1 })).toBeVisible();

  const idNumber = page.getByLabel('ID or Iqama number');
  await idNumber.fill('2999999990');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This ID number does not match the booking.' }),
  ).toBeVisible();
  await idNumber.fill(DEMO_STUDENT_ID_NUMBER);
  await page.getByRole('button', { name: 'Check' }).click();

  await expect(page.getByRole('heading', { name: 'Take a photo of your face' })).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('img', { name: /Photo taken/ })).toBeVisible();
  await page.getByRole('button', { name: 'Retake' }).click();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Use this photo' }).click();

  // Enrolled: the fingerprint comes next.
  await expect(page.getByRole('button', { name: 'Scan fingerprint' })).toBeVisible();
  const state = await (await api.get(`/api/exam-checkins/${booking.id}`)).json();
  expect(state).toMatchObject({ idNumberChecked: true, photos: ['live'], complete: false });
  // The photo is a JPEG from the camera, and the examiner may see it.
  const photo = await (await apiAs('examiner')).get(`/api/exam-checkins/${booking.id}/photos/live`);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
});

test('the student checks the fingerprint and starts the exam, in Arabic', async ({ pageAs, apiAs }) => {
  const booking = await openExamBooking(await apiAs('student'));
  const page = await pageAs('student');
  await useLanguage(page, 'ar');
  await open(page, `/student/exam/check-out/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'تسجيل الحضور للاختبار', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('ضع سبابة اليد اليمنى على القارئ، ثم اضغط مسح.')).toBeVisible();
  await page.getByRole('button', { name: 'مسح البصمة' }).click();
  await page.getByRole('button', { name: 'ابدأ الاختبار' }).click();
  await expect(page).toHaveURL(new RegExp(`/student/exam/session/${booking.id}$`));
});
