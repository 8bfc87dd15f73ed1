import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, logInThroughApi, logInThroughUi } from '../support/accounts.ts';
import { sessionTimeLabel } from '../support/bookings.ts';
import { type CheckInCandidate, checkInCandidate } from '../support/exam-sessions.ts';
import { expect, test } from '../support/fixtures.ts';
import { type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

/**
 * Exam check-in (exam/check-out/:id) and fingerprint enrolment (students/biometricdata/:id), each
 * screen once per language, with Chromium's fake camera and the development fingerprint reader
 * (no fingerprint service is set up in the e2e build): in English a candidate of their own has a
 * finger enrolled by the teller, then checks in to an on-site sitting (ID number, live photo,
 * fingerprint — a wrong finger first); in Arabic another, the same, to a Remote sitting (ID
 * number, live photo, the room from four sides — no ID photo: the centre's CHECKIN_KEEP_ID_PHOTO
 * is off, decision 0015 — and the fingerprint). Each test makes its own records through the API:
 * an examiner, an exam session starting in three minutes (the window is open from 60 minutes
 * before), a student added by the teller, whose seat the teller books and takes cash for.
 */
const LABELS = {
  en: {
    title: 'Exam check-in',
    idNumber: 'ID or Iqama number',
    check: 'Check',
    mismatch: 'This ID number does not match the booking.',
    livePhoto: 'Take a photo of your face',
    take: 'Take photo',
    taken: /^Photo taken/,
    retake: 'Retake',
    use: 'Use this photo',
    roomStep: 'Photos of your room from four sides',
    rooms: [
      'The room in front of you',
      'The room behind you',
      'The room to your left',
      'The room to your right',
    ],
    progress: (done: number) => `Photo ${done} of 4 done.`,
    ready: 'Your check-in is complete.',
    start: 'Start the exam',
    idPhotoNotKept:
      'This centre does not keep a photo of your ID: the ID number you typed has been checked instead.',
    // Fingerprint enrolment (students/biometricdata/:id) and the check-in's fingerprint step.
    finger: { value: 'right-index', label: 'Right index finger' },
    fingerprintTitle: 'Fingerprint',
    notEnrolled: 'No fingerprint is enrolled.',
    developmentReader: 'Development reader',
    startCaptures: 'Start the four captures',
    captureProgress: (taken: number) => `Capture ${taken} of 4`,
    saveFingerprint: 'Save fingerprint',
    fingerprintStep: 'Check your fingerprint',
    placeFinger: (finger: string) => `Place your ${finger.toLowerCase()} on the reader, then press Scan.`,
    scan: 'Scan fingerprint',
  },
  ar: {
    title: 'تسجيل الحضور للاختبار',
    idNumber: 'رقم الهوية أو الإقامة',
    check: 'تحقق',
    mismatch: 'رقم الهوية هذا لا يطابق الحجز.',
    livePhoto: 'التقط صورة لوجهك',
    take: 'التقط الصورة',
    taken: /^الصورة الملتقطة/,
    retake: 'أعد الالتقاط',
    use: 'استخدم هذه الصورة',
    roomStep: 'صور غرفتك من الجهات الأربع',
    rooms: ['الغرفة أمامك', 'الغرفة خلفك', 'الغرفة على يسارك', 'الغرفة على يمينك'],
    progress: (done: number) => `تم التقاط ${done} من 4 صور.`,
    ready: 'اكتمل تسجيل حضورك.',
    start: 'ابدأ الاختبار',
    idPhotoNotKept: 'لا يحتفظ هذا المركز بصورة من هويتك: تم التحقق من رقم الهوية الذي أدخلته بدلاً منها.',
    finger: { value: 'left-index', label: 'سبابة اليد اليسرى' },
    fingerprintTitle: 'البصمة',
    notEnrolled: 'لا توجد بصمة مسجلة.',
    developmentReader: 'قارئ التطوير',
    startCaptures: 'ابدأ القراءات الأربع',
    captureProgress: (taken: number) => `القراءة ${taken} من 4`,
    saveFingerprint: 'حفظ البصمة',
    fingerprintStep: 'التحقق من بصمتك',
    placeFinger: (finger: string) => `ضع ${finger} على القارئ، ثم اضغط مسح.`,
    scan: 'مسح البصمة',
  },
} as const;

/** A 1×1 PNG: what a script could send as an ID photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The teller enrols the candidate's finger at the counter (students/biometricdata/:id: edit on
 * students, the teller's own branch) with the development reader: the finger chosen among ten,
 * four captures each seen in the progress, saved; the API then says which finger is enrolled.
 */
async function enrolFinger(
  page: Page,
  teller: APIRequestContext,
  language: Language,
  studentId: number,
  testInfo: TestInfo,
) {
  const labels = LABELS[language];
  await useLanguage(page, language);
  await page.goto(`/admin/students/biometricdata/${studentId}`);
  await expect(page.getByRole('heading', { name: labels.fingerprintTitle, level: 1 })).toBeVisible();
  await expect(page.getByTestId('enrolled-finger')).toHaveText(labels.notEnrolled);
  await expect(page.getByText(labels.developmentReader, { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: labels.finger.label, exact: true }).check();
  const progress = page.getByTestId('capture-progress');
  await expect(progress).toHaveText(labels.captureProgress(0));

  // Every text the progress shows while the reader works, so that each capture is seen, not only the last.
  await progress.evaluate((element) => {
    const shown: string[] = [];
    Object.assign(window, { e2eCaptureProgress: shown });
    new MutationObserver(() => shown.push(element.textContent ?? '')).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.getByRole('button', { name: labels.startCaptures, exact: true }).click();
  await expect(progress).toHaveText(labels.captureProgress(4));
  const shown = await page.evaluate(
    () => (window as unknown as { e2eCaptureProgress: string[] }).e2eCaptureProgress,
  );
  expect(shown.filter((label, i) => label !== shown[i - 1])).toEqual(
    [1, 2, 3, 4].map((taken) => labels.captureProgress(taken)),
  );

  await page.getByRole('button', { name: labels.saveFingerprint, exact: true }).click();
  await expectToast(page, text('FINGERPRINT_ENROLLED', language));
  await expect(page.getByTestId('enrolled-finger')).toContainText(labels.finger.label);
  await dismissToasts(page);
  await checkScreen(page, testInfo, 'fingerprint-enrolled', language);
  const status = await teller.get(`/api/students/${studentId}/fingerprint`);
  expect(status.status()).toBe(200);
  expect(await status.json()).toMatchObject({ enrolled: true, finger: labels.finger.value });
}

/**
 * The check-in's fingerprint step: the enrolled finger asked for, then scanned with the development
 * reader. With `wrongFingerFirst`, a first scan of another finger is refused, said plainly: the
 * development reader reads the finger asked for, so that scan's sample is swapped on its way for
 * one of another print (the left thumb), and the server's match refuses it.
 */
async function scanFinger(
  page: Page,
  language: Language,
  screen: string,
  testInfo: TestInfo,
  wrongFingerFirst = false,
) {
  const labels = LABELS[language];
  await expect(page.getByRole('heading', { name: labels.fingerprintStep, level: 2 })).toBeVisible();
  await expect(page.getByText(labels.placeFinger(labels.finger.label))).toBeVisible();
  await checkScreen(page, testInfo, screen, language);
  const scan = page.getByRole('button', { name: labels.scan, exact: true });
  if (wrongFingerFirst) {
    await page.route(
      '**/api/exam-checkins/*/fingerprint',
      async (route) => {
        const { sample } = route.request().postDataJSON() as { sample: string };
        const wrong = sample.replace(/^dev1\.[a-z0-9-]+\./, 'dev1.demo-left-thumb.');
        await route.continue({ postData: JSON.stringify({ sample: wrong }) });
      },
      { times: 1 },
    );
    await scan.click();
    await expect(
      page.getByRole('alert').filter({ hasText: text('CHECKIN_FINGERPRINT_MISMATCH', language) }),
    ).toBeVisible();
  }
  await scan.click();
}

/** Types a wrong ID number (refused, said in the screen's language), then the right one. */
async function checkIdNumber(page: Page, language: Language, idNumber: string, testInfo: TestInfo) {
  const labels = LABELS[language];
  const field = page.getByLabel(labels.idNumber);
  await field.fill('2999999990');
  await page.getByRole('button', { name: labels.check, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: labels.mismatch })).toBeVisible();
  await checkScreen(page, testInfo, 'checkin-1-id-number-refused', language);
  await field.fill(idNumber);
  await page.getByRole('button', { name: labels.check, exact: true }).click();
}

/** Takes a photo with the fake camera and uses it (the first time: takes, retakes, then uses). */
async function takePhoto(page: Page, language: Language, retake = false) {
  const labels = LABELS[language];
  await page.getByRole('button', { name: labels.take, exact: true }).click();
  await expect(page.getByRole('img', { name: labels.taken })).toBeVisible();
  if (retake) {
    await page.getByRole('button', { name: labels.retake, exact: true }).click();
    await page.getByRole('button', { name: labels.take, exact: true }).click();
  }
  await page.getByRole('button', { name: labels.use, exact: true }).click();
}

/** The live photo step, seen before the camera is used: taken, retaken, then used. */
async function takeLivePhoto(page: Page, language: Language, testInfo: TestInfo) {
  const labels = LABELS[language];
  await expect(page.getByRole('heading', { name: labels.livePhoto, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: labels.take, exact: true })).toBeVisible();
  await checkScreen(page, testInfo, 'checkin-2-live-photo', language);
  await takePhoto(page, language, true);
}

/**
 * The teller at the counter enrols the candidate's finger while the candidate logs in on their own
 * device, side by side; the candidate then opens the booking's check-in, which shows the session's
 * start in the centre's time, whatever the device's zone.
 */
async function openCheckIn(
  page: Page,
  tellerPage: Page,
  language: Language,
  candidate: CheckInCandidate,
  testInfo: TestInfo,
) {
  await useLanguage(page, language);
  await Promise.all([
    enrolFinger(tellerPage, candidate.teller, language, candidate.studentId, testInfo),
    logInThroughUi(page, language, candidate.student.email, /\/student\//),
  ]);
  await page.goto(`/student/exam/check-out/${candidate.bookingId}`);
  await expect(page.getByRole('heading', { name: LABELS[language].title, level: 1 })).toBeVisible();
  await expect(
    page.getByText(await sessionTimeLabel(page, candidate.session.startsAt, language)),
  ).toBeVisible();
}

test('the teller enrols a candidate’s finger, who checks in to an on-site exam with the camera and the fingerprint, in English', async ({
  page,
  pageAs,
  apiAs,
  request,
}, testInfo) => {
  test.setTimeout(5 * 60_000);
  const labels = LABELS.en;
  const candidate = await checkInCandidate({ apiAs, request }, 'en', { remote: false });
  const { examiner, bookingId, student, auth } = candidate;
  await openCheckIn(page, await pageAs('teller'), 'en', candidate, testInfo);
  await checkScreen(page, testInfo, 'checkin-0-start', 'en');
  await checkIdNumber(page, 'en', student.idNumber, testInfo);

  await takeLivePhoto(page, 'en', testInfo);

  // On site: no room photos, no ID photo; the enrolled finger, a wrong one refused first.
  await scanFinger(page, 'en', 'checkin-3-fingerprint', testInfo, true);
  await expect(page.getByText(labels.ready)).toBeVisible();
  await checkScreen(page, testInfo, 'checkin-4-ready', 'en');
  const state = await (await request.get(`/api/exam-checkins/${bookingId}`, { headers: auth })).json();
  expect(state).toMatchObject({
    remote: false,
    idNumberChecked: true,
    photos: ['live'],
    requiredPhotos: ['live'],
    fingerprintEnrolled: true,
    finger: labels.finger.value,
    fingerprintChecked: true,
    complete: true,
  });
  // The photo is a JPEG from the camera, and the session's examiner may see it.
  const proctor = await logInThroughApi(request, examiner.email, DEMO_PASSWORD);
  const photo = await request.get(`/api/exam-checkins/${bookingId}/photos/live`, {
    headers: { authorization: `Bearer ${proctor.access_token}` },
  });
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/jpeg');

  await page.getByRole('button', { name: labels.start }).click();
  await expect(page).toHaveURL(new RegExp(`/student/exam/session/${bookingId}$`));
});

test('the teller enrols another candidate’s finger, who checks in to a Remote exam: the live photo, the room from four sides, no ID photo, the fingerprint, in Arabic', async ({
  page,
  pageAs,
  apiAs,
  request,
}, testInfo) => {
  test.setTimeout(5 * 60_000);
  const labels = LABELS.ar;
  const candidate = await checkInCandidate({ apiAs, request }, 'ar', { remote: true });
  const { bookingId, student, auth } = candidate;
  await openCheckIn(page, await pageAs('teller'), 'ar', candidate, testInfo);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The steps: the ID number, the live photo, the room, the fingerprint — the ID itself is never asked for.
  const steps = page.getByRole('list', { name: 'خطوات تسجيل الحضور' });
  await expect(steps.getByRole('listitem')).toHaveCount(4);
  await expect(steps).toContainText(labels.roomStep);
  await expect(steps).toContainText(labels.fingerprintStep);
  await checkScreen(page, testInfo, 'checkin-0-start', 'ar');
  await checkIdNumber(page, 'ar', student.idNumber, testInfo);

  await takeLivePhoto(page, 'ar', testInfo);

  await expect(page.getByRole('heading', { name: labels.roomStep, level: 2 })).toBeVisible();
  for (const [done, room] of labels.rooms.entries()) {
    await expect(page.getByText(labels.progress(done))).toBeVisible();
    await expect(page.getByText(room, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: labels.take, exact: true })).toBeVisible();
    if (done === 0) await checkScreen(page, testInfo, 'checkin-3-room-front', 'ar');
    await takePhoto(page, 'ar');
  }

  await scanFinger(page, 'ar', 'checkin-4-fingerprint', testInfo);
  await expect(page.getByText(labels.ready)).toBeVisible();
  await checkScreen(page, testInfo, 'checkin-5-ready', 'ar');
  const state = await (await request.get(`/api/exam-checkins/${bookingId}`, { headers: auth })).json();
  expect(state).toMatchObject({
    remote: true,
    idNumberChecked: true,
    fingerprintEnrolled: true,
    finger: labels.finger.value,
    fingerprintChecked: true,
    complete: true,
  });
  expect([...state.photos].sort()).toEqual(['live', 'room-back', 'room-front', 'room-left', 'room-right']);
  expect(state.requiredPhotos).not.toContain('id');
  // An ID photo sent anyway is refused, and said plainly.
  const idPhoto = await request.put(`/api/exam-checkins/${bookingId}/photos/id`, {
    headers: { ...auth, 'accept-language': 'ar' },
    multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(idPhoto.status()).toBe(400);
  expect(await idPhoto.json()).toMatchObject({
    code: 'CHECKIN_ID_PHOTO_NOT_KEPT',
    message: labels.idPhotoNotKept,
  });

  await page.getByRole('button', { name: labels.start }).click();
  await expect(page).toHaveURL(new RegExp(`/student/exam/session/${bookingId}$`));
});
