import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

const LABELS = {
  en: {
    nav: 'Scheduling',
    addTraining: 'Add training',
    course: 'Course',
    courseName: 'Food Safety Basics',
    branch: 'Branch',
    branchName: 'Jeddah — Al-Safa',
    room: 'Classroom',
    roomName: 'Hall 2 (20 seats)',
    language: 'Course language',
    arabic: 'Arabic',
    instructor: 'Instructor',
    instructorName: 'Ahmed Al-Farsi',
    date: 'Date',
    start: 'Start time',
    end: 'End time',
    repeat: 'Repeat every week until',
    save: 'Save',
    month: 'Month',
    list: 'List',
    exam: 'Exam',
    training: 'Training',
  },
  ar: {
    nav: 'الجدولة',
    addTraining: 'إضافة تدريب',
    course: 'الدورة',
    courseName: 'أساسيات سلامة الغذاء',
    branch: 'الفرع',
    branchName: 'جدة — الصفا',
    room: 'القاعة',
    roomName: 'Hall 2 (20 مقعداً)',
    language: 'لغة الدورة',
    arabic: 'العربية',
    instructor: 'المدرب',
    instructorName: 'أحمد الفارسي',
    date: 'التاريخ',
    start: 'وقت البدء',
    end: 'وقت الانتهاء',
    repeat: 'التكرار أسبوعياً حتى',
    save: 'حفظ',
    month: 'شهر',
    list: 'قائمة',
    exam: 'اختبار',
    training: 'تدريب',
  },
} as const;

/** Days from today of each language's first session: apart, and after the demo sessions' four weeks. */
const FIRST_DAY: Record<Language, number> = { en: 42, ar: 45 };

/** A Riyadh local date `days` from now. */
function riyadhDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** Months between this month and a date's month (Riyadh). */
function monthsAhead(date: string): number {
  const [year, month] = riyadhDate(0).split('-').map(Number);
  const [toYear, toMonth] = date.split('-').map(Number);
  return ((toYear ?? 0) - (year ?? 0)) * 12 + ((toMonth ?? 0) - (month ?? 0));
}

const select = (page: Page, label: string) =>
  page
    .getByRole('textbox', { name: new RegExp(`^${label}`) })
    .or(page.getByRole('combobox', { name: new RegExp(`^${label}`) }));

async function choose(page: Page, label: string, option: string) {
  await select(page, label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillTraining(page: Page, language: Language, date: string, start: string, end: string) {
  const labels = LABELS[language];
  await choose(page, labels.course, labels.courseName);
  await choose(page, labels.branch, labels.branchName);
  await choose(page, labels.room, labels.roomName);
  await choose(page, labels.language, labels.arabic);
  await choose(page, labels.instructor, labels.instructorName);
  await page.getByLabel(new RegExp(`^${labels.date}`)).fill(date);
  await page.getByLabel(labels.start).fill(start);
  await page.getByLabel(labels.end).fill(end);
}

/** The calendar moved forward to a date's month. */
async function showMonthOf(page: Page, date: string) {
  const calendar = page.getByTestId('session-calendar');
  for (let step = 0; step < monthsAhead(date); step++) {
    // The toolbar's second button is Next, in both directions (the DOM order stays).
    await calendar.getByRole('button').nth(1).click();
  }
}

test.describe(() => {
  test.use({ account: 'superadmin' });

  for (const language of LANGUAGES) {
    test(`admin adds a weekly training, is told of a clash, and sees it on the calendar (${language})`, async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      const first = riyadhDate(FIRST_DAY[language]);
      const until = riyadhDate(FIRST_DAY[language] + 14);
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: labels.nav }).click();
      await expect(page).toHaveURL(/\/admin\/scheduling$/);
      await page.getByRole('link', { name: labels.addTraining }).click();
      await expect(page).toHaveURL(/\/admin\/add-training$/);

      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('SELECT_COURSE', language))).toBeVisible();
      await page.getByLabel(labels.start).fill('12:00');
      await page.getByLabel(labels.end).fill('09:00');
      await checkScreen(page, testInfo, 'scheduling-add-training', language);

      await fillTraining(page, language, first, '09:00', '12:00');
      await page.getByLabel(labels.repeat).fill(until);
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/admin\/view-training\/\d+$/);
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'scheduling-view-training', language);

      await page.goto('/admin/add-training');
      await fillTraining(page, language, first, '10:00', '11:00');
      await page.getByRole('button', { name: labels.save }).click();
      const clash = page.getByTestId('session-form-error');
      await expect(clash).toContainText('Hall 2');
      await expect(clash).toContainText(`${first}`);
      await expect(clash).toContainText('09:00');
      await expect(clash).toContainText('12:00');

      await page.goto('/admin/scheduling');
      const calendar = page.getByTestId('session-calendar');
      await expect(calendar).toBeVisible();
      await showMonthOf(page, first);
      await expect(calendar.getByText(labels.courseName).first()).toBeVisible();
      await expect(page.locator('.session-calendar-hijri').first()).toBeVisible();
      await checkScreen(page, testInfo, 'scheduling-calendar-month', language);
      await calendar.getByRole('tab').nth(3).click();
      await expect(calendar.getByText(labels.courseName).first()).toBeVisible();
      await checkScreen(page, testInfo, 'scheduling-calendar-list', language);
    });
  }
});

test.describe(() => {
  test.use({ account: 'superadmin' });

  test('admin adds a Remote exam session in English and sees it Remote in Arabic', async ({
    page,
  }, testInfo) => {
    const labels = LABELS.en;
    // After both trainings' days, in the afternoon: the demo examiner is free.
    const day = riyadhDate(48);
    await useLanguage(page, 'en');
    await page.goto('/admin/add-exam');
    await choose(page, labels.course, labels.courseName);
    await choose(page, 'Exam type', 'Assessment');
    await choose(page, labels.branch, labels.branchName);
    await expect(page.getByRole('radio', { name: 'In Person' })).toBeChecked();
    await page.getByRole('radio', { name: 'Remote' }).check();
    await expect(select(page, labels.room)).toHaveCount(0);
    await choose(page, 'Exam language', labels.arabic);
    await choose(page, 'Examiner', 'Mona Al-Harthi');
    await page.getByLabel(new RegExp(`^${labels.date}`)).fill(day);
    await page.getByLabel(labels.start).fill('14:00');
    await page.getByLabel(labels.end).fill('15:00');
    await page.getByRole('button', { name: labels.save }).click();
    await expect(page.getByText(text('CAPACITY_INVALID', 'en'))).toBeVisible();
    await page.getByLabel(/^Seats/).fill('25');
    await checkScreen(page, testInfo, 'scheduling-add-exam-remote', 'en');
    await page.getByRole('button', { name: labels.save }).click();
    await expectToast(page, text('RECORDS_SAVED', 'en'));
    await expect(page).toHaveURL(/\/admin\/view-exam\/\d+$/);

    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    await page.reload();
    const delivery = page.getByText('طريقة الحضور', { exact: true }).locator('..');
    await expect(delivery).toContainText('عن بعد');
    await expect(page.getByText('25 متبقية من 25').or(page.getByText('٢٥ متبقية من ٢٥'))).toBeVisible();
    await checkScreen(page, testInfo, 'scheduling-view-exam-remote', 'ar');

    await page.goto('/admin/scheduling');
    await showMonthOf(page, day);
    await expect(
      page.getByTestId('session-calendar').getByText(`${LABELS.ar.exam} · ${LABELS.ar.courseName} · عن بعد`),
    ).toBeVisible();
  });
});

test.describe(() => {
  test.use({ account: 'instructor' });

  for (const language of LANGUAGES) {
    test(`an instructor sees only their own sessions (${language})`, async ({ page }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto('/instructor/dashboard');
      await page.getByRole('link', { name: labels.nav }).click();
      await expect(page).toHaveURL(/\/instructor\/scheduling$/);
      const calendar = page.getByTestId('session-calendar');
      await calendar.getByRole('tab').nth(3).click();
      const events = calendar.locator(
        '.fc-event, [class*="event"] a, a[href*="View-training"], a[href*="view-exam"]',
      );
      const own = calendar.locator('a[href*="/instructor/View-training/"]');
      // The demo trainings start tomorrow: on a month's last day they are all in the next month.
      await expect(calendar.getByRole('tab').nth(3)).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      if ((await own.count()) === 0) await calendar.getByRole('button').nth(1).click();
      await expect(own.first()).toBeVisible();
      await expect(calendar.locator('a[href*="/instructor/view-exam/"]')).toHaveCount(0);
      await expect(events.filter({ hasText: `${labels.exam} ·` })).toHaveCount(0);
      await checkScreen(page, testInfo, 'scheduling-instructor', language);
    });
  }
});
