import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { text } from '../support/messages.ts';
import { sar } from '../support/money.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

/** A small green PNG, a real image the browser can show. */
const COURSE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAMklEQVR42u3OMQ0AAAgDsClBBa7w/+OCcDSpgKamX4mQkJCQkJCQkJCQkJCQkJCQ0KUFyFpuPVM+kz8AAAAASUVORK5CYII=',
  'base64',
);

const LABELS = {
  en: {
    nav: 'Courses',
    add: 'Add course',
    search: 'Search courses',
    nameEn: 'Course name in English',
    nameAr: 'Course name in Arabic',
    sector: 'Sector',
    language: 'Training language',
    level: 'Level',
    fees: 'Course fees',
    feeOption: /^Health education course/,
    laundry: 'Laundry',
    urdu: 'Urdu',
    basic: 'Basic',
    advanced: 'Advanced',
    next: 'Save and continue',
    finish: 'Save and finish',
    save: 'Save',
    titleEn: 'Title in English',
    titleAr: 'Title in Arabic',
    duration: 'Duration (minutes)',
    trainingType: 'Training type',
    remote: 'Remote',
    addSession: 'Add session',
    questions: 'Number of questions',
    fullMarks: 'Full marks',
    passingMarks: 'Passing marks',
    failedMarks: 'Failed marks',
    examDuration: 'Duration (minutes)',
    edit: 'Edit course',
    total: '1 course',
    sessionsStep: 'Sessions',
    preview: 'Preview of the chosen image',
  },
  ar: {
    nav: 'الدورات',
    add: 'إضافة دورة',
    search: 'البحث في الدورات',
    nameEn: 'اسم الدورة بالإنجليزية',
    nameAr: 'اسم الدورة بالعربية',
    sector: 'القطاع',
    language: 'لغة التدريب',
    level: 'المستوى',
    fees: 'رسوم الدورة',
    feeOption: /^دورة التثقيف الصحي/,
    laundry: 'المغاسل',
    urdu: 'الأردية',
    basic: 'أساسي',
    advanced: 'متقدم',
    next: 'حفظ ومتابعة',
    finish: 'حفظ وإنهاء',
    save: 'حفظ',
    titleEn: 'العنوان بالإنجليزية',
    titleAr: 'العنوان بالعربية',
    duration: 'المدة (بالدقائق)',
    trainingType: 'نوع التدريب',
    remote: 'عن بعد',
    addSession: 'إضافة جلسة',
    questions: 'عدد الأسئلة',
    fullMarks: 'الدرجة الكاملة',
    passingMarks: 'درجة النجاح',
    failedMarks: 'درجة الرسوب',
    examDuration: 'المدة (بالدقائق)',
    edit: 'تعديل الدورة',
    total: 'دورة واحدة',
    sessionsStep: 'الجلسات',
    preview: 'معاينة الصورة المختارة',
  },
} as const;

const COURSES = {
  en: { nameEn: 'Laundry Care Alpha', nameAr: 'العناية بالمغاسل أ' },
  ar: { nameEn: 'Laundry Care Beta', nameAr: 'العناية بالمغاسل ب' },
} as const;

const literal = (label: string) => label.replace(/[()]/g, '\\$&');
const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${literal(label)}`) });
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function choose(page: Page, label: string, option: string | RegExp) {
  await select(page, label).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.describe(() => {
  test.use({ account: 'trainingmanager' });

  for (const language of LANGUAGES) {
    test(`a training manager creates a course through the wizard, edits it and finds it (${language})`, async ({
      page,
    }, testInfo) => {
      // The whole wizard, an edit and a search, with six screen checks: longer than one screen's test.
      test.setTimeout(180_000);
      const labels = LABELS[language];
      const course = COURSES[language];
      const shownName = language === 'ar' ? course.nameAr : course.nameEn;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav }).click();
      await expect(page).toHaveURL(/\/admin\/course-management$/);
      await expect(listTable(page, language, 'courses:list.caption')).toBeVisible();
      await checkScreen(page, testInfo, 'course-list', language);

      // Step 1 "Main Details": the shared rules' messages, then a course with an image.
      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/add-new-course$/);
      await field(page, labels.nameEn).fill('Laundry Care 101');
      await page.getByRole('button', { name: labels.next }).click();
      await expect(page.getByText(text('COURSE_NAME_ALPHABETIC', language))).toBeVisible();
      await expect(page.getByText(text('SELECT_COURSE_FEES', language))).toBeVisible();
      await expect(field(page, labels.nameEn)).toBeFocused();

      await field(page, labels.nameEn).fill(course.nameEn);
      await field(page, labels.nameAr).fill(course.nameAr);
      await choose(page, labels.sector, labels.laundry);
      await choose(page, labels.language, labels.urdu);
      await choose(page, labels.level, labels.basic);
      await choose(page, labels.fees, labels.feeOption);
      await page.locator('input[type="file"]').setInputFiles({
        name: 'laundry.png',
        mimeType: 'image/png',
        buffer: COURSE_PNG,
      });
      await expect(page.getByRole('img', { name: labels.preview })).toBeVisible();
      await checkScreen(page, testInfo, 'course-wizard-details', language);
      await page.getByRole('button', { name: labels.next }).click();
      await expectToast(page, text('RECORDS_SAVED', language));

      // Step 2 "Sessions": two sessions, the duration typed in Arabic digits on the Arabic run.
      await expect(page).toHaveURL(/\/admin\/add-new-course\/sessions\/\d+$/);
      await dismissToasts(page);
      await field(page, labels.titleEn).fill('Sorting and washing');
      await field(page, labels.titleAr).fill('الفرز والغسيل');
      await field(page, labels.duration).fill(language === 'ar' ? '٩٠' : '90');
      await page.getByRole('button', { name: labels.addSession }).click();
      await field(page, labels.titleEn).nth(1).fill('Chemical safety');
      await field(page, labels.titleAr).nth(1).fill('السلامة الكيميائية');
      await field(page, labels.duration).nth(1).fill('45');
      await select(page, labels.trainingType).nth(1).click();
      await page.getByRole('option', { name: labels.remote }).click();
      await checkScreen(page, testInfo, 'course-wizard-sessions', language);
      await page.getByRole('button', { name: labels.next }).click();
      await expectToast(page, text('RECORDS_SAVED', language));

      // The exam settings: passing marks below the full marks (spec §5), then saved.
      await expect(page).toHaveURL(/\/admin\/add-new-course\/exam\/\d+$/);
      await dismissToasts(page);
      await field(page, labels.questions).fill('20');
      await field(page, labels.fullMarks).fill('100');
      await field(page, labels.passingMarks).fill('100');
      await field(page, labels.failedMarks).fill('59');
      await field(page, labels.examDuration).fill('30');
      await page.getByRole('button', { name: labels.finish }).click();
      await expect(page.getByText(text('PASSING_MARKS_BELOW_FULL', language))).toBeVisible();
      await checkScreen(page, testInfo, 'course-wizard-exam', language);
      await field(page, labels.passingMarks).fill(language === 'ar' ? '٦٠' : '60');
      await page.getByRole('button', { name: labels.finish }).click();
      await expectToast(page, text('RECORDS_SAVED', language));

      // view-course: everything, with the image and the fee total in SAR.
      await expect(page).toHaveURL(/\/admin\/view-course\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownName);
      await expect(page.getByTestId('course-fee-total')).toHaveText(sar(250, language));
      await expect(page.getByTestId('course-image')).toBeVisible();
      await expect(
        page.getByRole('cell', { name: language === 'ar' ? 'السلامة الكيميائية' : 'Chemical safety' }),
      ).toBeVisible();
      await dismissToasts(page);
      await checkScreen(page, testInfo, 'course-view', language);

      // edit-course: the level changes.
      await page.getByRole('link', { name: labels.edit }).click();
      await expect(page).toHaveURL(/\/admin\/edit-course\/\d+$/);
      await expect(field(page, labels.nameEn)).toHaveValue(course.nameEn);
      await checkScreen(page, testInfo, 'course-edit', language);
      await choose(page, labels.level, labels.advanced);
      await page.getByRole('button', { name: labels.save, exact: true }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await expect(page).toHaveURL(/\/admin\/view-course\/\d+$/);
      await expect(page.getByText(labels.advanced, { exact: true })).toBeVisible();
      await dismissToasts(page);

      // course-management: found by part of its name.
      await page.getByRole('link', { name: labels.nav }).click();
      await page
        .getByRole('searchbox', { name: labels.search })
        .fill(language === 'ar' ? course.nameAr : course.nameEn.slice(0, 14));
      await expect(page.getByTestId('course-total')).toHaveText(labels.total);
      await expect(page.getByRole('link', { name: shownName })).toBeVisible();
    });
  }
});

test.describe(() => {
  test.use({ account: 'ceo' });

  test('management reads courses without Add or Edit', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Courses' }).click();
    // The first visit loads the screen's code: on a busy machine that can take a while.
    await expect(page.getByRole('link', { name: 'Food Safety Basics' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Add course' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Food Safety Basics' }).click();
    await expect(page.getByRole('link', { name: 'Edit course' })).toHaveCount(0);
    await page.goto('/admin/add-new-course');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe(() => {
  test.use({ account: 'teller' });

  test('a teller has no Courses link', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Courses' })).toHaveCount(0);
    await page.goto('/admin/course-management');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
