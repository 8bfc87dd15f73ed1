import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { logInThroughUi } from '../support/accounts.ts';
import { newExaminer, riyadhClock } from '../support/exam-sessions.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { uniqueDigits } from '../support/unique.ts';

/**
 * Issue 12, the sitting: a student books an exam that starts in two minutes and pays by card
 * (development gateway); the session's examiner admits them from the live view (the check-in
 * page is the check-in feature's; an admission completes a check-in as the start rule reads
 * it); the student starts, answers, loses the network and answers more (shown as not saved),
 * comes back (shown saved), reloads (same question, same time left); the examiner gives extra
 * time live (the live view then says how much more may be given) and the student's clock moves,
 * with a notice of the time added; the student hands in and downloads a certificate.
 * Each language has its own examiner and room, so the two journeys never clash.
 */
const LABELS = {
  en: {
    payNow: /Pay Now/,
    start: 'Start the exam',
    next: 'Next',
    allSaved: 'All answers saved',
    oneUnsaved: '1 answer not yet saved — keep this page open',
    handIn: 'Hand in the exam',
    confirmHandIn: 'Hand in',
    certificate: 'Download my certificate',
    admit: 'Admit',
    reason: 'Reason',
    extraTime: 'Give extra time',
    minutes: 'Minutes',
    timeAdded: 'Time added: 10 minutes',
    grantableLeft: 'Up to 50 more minutes of extra time can be given',
    pastTab: 'Past',
    position: /Question (\d+) of (\d+)/,
  },
  ar: {
    payNow: /ادفع الآن/,
    start: 'بدء الاختبار',
    next: 'التالي',
    allSaved: 'حُفظت جميع الإجابات',
    oneUnsaved: 'إجابة واحدة لم تُحفظ بعد — أبقِ هذه الصفحة مفتوحة',
    handIn: 'تسليم الاختبار',
    confirmHandIn: 'تسليم',
    certificate: 'تنزيل شهادتي',
    admit: 'السماح بالدخول',
    reason: 'السبب',
    extraTime: 'منح وقت إضافي',
    minutes: 'الدقائق',
    timeAdded: 'أُضيف إلى وقت الاختبار: 10 دقائق',
    grantableLeft: 'يمكن منح 50 دقيقة إضافية أخرى كحد أقصى',
    pastTab: 'السابقة',
    position: /السؤال (\S+) من (\S+)/,
  },
} as const;

/** An exam session of a course with an exam, starting in about two minutes, in the exam language. */
async function examStartingSoon(admin: APIRequestContext, examinerId: number, language: Language) {
  const options = await (await admin.get('/api/sessions/form-options')).json();
  // Each language a course of its own: the student holds one live seat per course.
  const withExam = (options.courses as { id: number; hasExam: boolean }[]).filter((row) => row.hasExam);
  const course = language === 'en' ? withExam[0] : withExam[withExam.length - 1];
  if (!course || withExam.length < 2) throw new Error('the demo has fewer than two courses with an exam');
  const start = riyadhClock(2.5);
  // A session ends on the day it starts: near midnight it is cut at 23:59 (and the attempt's
  // deadline with it: an attempt never runs past its session's end, but for extra time).
  const later = riyadhClock(62.5);
  const end = later.date === start.date ? later : { ...later, time: '23:59' };
  // A room free for the hour (the demo's open exam takes one); each language its own: the
  // English journey the first free room, the Arabic one the last.
  // The list takes Riyadh days: the session's own day (just after midnight the UTC date is the day before).
  const today = await (await admin.get(`/api/sessions?from=${start.date}&to=${start.date}`)).json();
  const busy = new Set(
    (today.items as { classroomId: number | null; startsAt: string; endsAt: string }[])
      .filter((row) => new Date(row.startsAt) < later.at && new Date(row.endsAt) > start.at)
      .map((row) => row.classroomId),
  );
  const rooms = (options.branches as { id: number; rooms: { id: number }[] }[])
    .flatMap((branch) => branch.rooms.map((room) => ({ branchId: branch.id, roomId: room.id })))
    .filter((room) => !busy.has(room.roomId));
  const place = language === 'en' ? rooms[0] : rooms[rooms.length - 1];
  if (!place) throw new Error('no room free to sit an exam in');
  const created = await admin.post('/api/sessions/exam', {
    headers: { 'idempotency-key': `e2e-exam-${uniqueDigits(12)}` },
    data: {
      courseId: course.id,
      branchId: place.branchId,
      language,
      date: start.date,
      startTime: start.time,
      endTime: end.time,
      examType: 'Assessment',
      classroomId: place.roomId,
      examinerId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [id] = ((await created.json()) as { ids: number[] }).ids;
  return { id: id as number, startsAt: start.at };
}

/** The examiner's own browser, signed in through the login screen, on the session's live view. */
async function examinerLiveView(
  browser: Browser,
  baseURL: string,
  email: string,
  language: Language,
  sessionId: number,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useLanguage(page, language);
  await logInThroughUi(page, language, email, /\/examiner/);
  await page.goto(`/examiner/exam-live/${sessionId}`);
  return page;
}

/** Gives a reason in the open reason dialog and sends it. */
async function giveReason(page: Page, language: Language, submit: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(new RegExp(`^${LABELS[language].reason}`)).fill(reason);
  await dialog.getByRole('button', { name: submit }).click();
  await expect(dialog).toBeHidden();
}

/** The countdown's seconds as the candidate sees them (`mm:ss` or `h:mm:ss`). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('exam-time-left').textContent()) ?? '';
  return text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

async function answerCurrent(page: Page) {
  await page.getByTestId('exam-question').getByRole('radio').first().check();
}

test.use({ account: 'student' });
// One student sits both, side by side: each journey has its own course, examiner and room.

for (const language of LANGUAGES) {
  test(`a student sits an exam through a lost connection, with extra time given live (${language})`, async ({
    page,
    context,
    browser,
    baseURL,
    apiAs,
  }, testInfo) => {
    test.setTimeout(10 * 60_000);
    const labels = LABELS[language];
    const admin = await apiAs('superadmin');
    const examiner = await newExaminer(admin, language, {
      tag: 'examiner',
      nameEn: 'Sitting Examiner',
      nameAr: 'مراقب الاختبار',
    });
    const session = await examStartingSoon(admin, examiner.id, language);

    // The student books the exam and pays by card before it starts.
    const student = await apiAs('student');
    const booked = await student.post('/api/bookings', {
      headers: { 'idempotency-key': `e2e-exam-booking-${uniqueDigits(12)}` },
      data: { sessionId: session.id },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const bookingId = ((await booked.json()) as { id: number }).id;
    await useLanguage(page, language);
    await page.goto(`/student/payments/check-out/${bookingId}`);
    await page.getByRole('button', { name: labels.payNow }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/result=paid/);

    // Before the start, the session says so.
    await page.goto(`/student/exam/session/${bookingId}`);
    await expect(page.getByText(text('EXAM_NOT_STARTED', language))).toBeVisible();

    // The examiner admits the candidate from the live view, with a reason.
    const proctor = await examinerLiveView(browser, baseURL ?? '', examiner.email, language, session.id);
    const card = proctor.getByRole('article').first();
    await card.getByRole('button', { name: labels.admit }).click();
    await giveReason(proctor, language, labels.admit, 'ID checked at the desk');

    // The exam starts: the available tab offers it.
    await page.waitForTimeout(Math.max(0, session.startsAt.getTime() - Date.now() + 1500));
    await page.goto('/student/exam');
    await checkScreen(page, testInfo, 'exam-available', language);
    const start = page.locator(`a[href="/student/exam/session/${bookingId}"]`);
    await expect(start).toHaveText(labels.start);
    await start.click();
    await expect(page).toHaveURL(new RegExp(`/student/exam/session/${bookingId}$`));
    const question = page.getByTestId('exam-question');
    await expect(question).toHaveAttribute('lang', language);
    await expect(question).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await checkScreen(page, testInfo, 'exam-session', language);

    // An answer is saved at once.
    await answerCurrent(page);
    await expect(page.getByTestId('exam-save-status')).toHaveText(labels.allSaved);
    await page.getByRole('button', { name: labels.next, exact: true }).click();

    // Offline: the answer waits on the device, and the screen says so.
    await context.setOffline(true);
    await answerCurrent(page);
    await expect(page.getByTestId('exam-save-status')).toContainText(labels.oneUnsaved);
    await context.setOffline(false);
    await expect(page.getByTestId('exam-save-status')).toHaveText(labels.allSaved, { timeout: 20_000 });
    await page.getByRole('button', { name: labels.next, exact: true }).click();

    // A reload resumes at the same question with the same time left.
    const position = await page.getByTestId('exam-position').textContent();
    const before = await secondsLeft(page);
    await page.reload();
    await expect(page.getByTestId('exam-position')).toHaveText(position ?? '');
    expect(Math.abs((await secondsLeft(page)) - before)).toBeLessThanOrEqual(5);

    // Extra time given live moves the candidate's clock.
    const beforeExtra = await secondsLeft(page);
    await proctor.reload();
    const live = proctor.getByRole('article').first();
    await live.getByRole('textbox', { name: labels.minutes }).fill('10');
    await live.getByRole('button', { name: labels.extraTime }).click();
    await giveReason(proctor, language, labels.extraTime, 'Fire drill in the hall');
    await answerCurrent(page); // the saved answer re-syncs the clock at once
    await expect(async () => {
      expect(await secondsLeft(page)).toBeGreaterThan(beforeExtra + 9 * 60);
    }).toPass({ timeout: 30_000 });
    // The live view says what is left of the cap (60 minutes by default); the candidate's screen,
    // at its next reading of the clock, says the time was added.
    await expect(live.getByText(labels.grantableLeft)).toBeVisible({ timeout: 30_000 });
    await checkScreen(proctor, testInfo, 'exam-live-extra-time', language);
    await expect(page.getByTestId('exam-time-added')).toHaveText(labels.timeAdded, { timeout: 30_000 });
    await checkScreen(page, testInfo, 'exam-time-added', language);

    // The rest answered, then handed in after the confirmation.
    for (;;) {
      await answerCurrent(page);
      const [, number, total] =
        labels.position.exec((await page.getByTestId('exam-position').textContent()) ?? '') ?? [];
      if (number === total) break;
      await page.getByRole('button', { name: labels.next, exact: true }).click();
    }
    await expect(page.getByTestId('exam-save-status')).toHaveText(labels.allSaved);
    await page.getByRole('button', { name: labels.handIn }).click();
    await page.getByRole('dialog').getByRole('button', { name: labels.confirmHandIn, exact: true }).click();
    await expect(page).toHaveURL(/\/student\/exam\/done\?attempt=\d+/);
    await expect(page.getByTestId('exam-outcome')).toBeVisible();
    await checkScreen(page, testInfo, 'exam-done', language);

    // The certificate: this attempt's when it passed, else one the student holds from before (demo data).
    let certificate = page.getByRole('button', { name: labels.certificate });
    if ((await certificate.count()) === 0) {
      await page.goto('/student/exam?tab=past');
      certificate = page.getByRole('button', { name: labels.certificate }).first();
    }
    const download = page.waitForEvent('download');
    await certificate.click();
    expect((await download).suggestedFilename()).toMatch(/^certificate-\d+\.pdf$/);
    await proctor.context().close();
  });
}
