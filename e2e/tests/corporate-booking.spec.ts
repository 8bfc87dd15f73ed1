import { expect as baseExpect } from '@playwright/test';
import { bookableDay, remoteSession, sessionTimeLabel } from '../support/bookings.ts';
import { test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { addStudentThroughApi, demoCorporateId, newWorker } from '../support/students.ts';
import { uniqueDigits } from '../support/unique.ts';

/**
 * Issue 11: the demo corporate books ten of its workers into one session at once, payment
 * Deferred: all ten are Booked (all seats or none; the seat rules are the API tests'). The
 * workers, under the demo corporate, and a session of exactly ten seats come through the API.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

const CREW_SIZE = 10;

/** Each language's session day (support/bookings.ts `bookableDay`). */
const DAY: Record<Language, number> = { en: 34, ar: 36 };

const LABELS = {
  en: {
    nav: 'Bookings',
    title: 'Book your students',
    course: 'Course',
    training: 'Training',
    search: 'Search your students',
    selected: `${CREW_SIZE} students selected`,
    deferred: 'Deferred',
    book: `Book ${CREW_SIZE} students`,
    booked: 'Booked',
    full: 'Full',
  },
  ar: {
    nav: 'الحجوزات',
    title: 'احجز لمتدربيك',
    course: 'الدورة',
    training: 'تدريب',
    search: 'ابحث في متدربيك',
    selected: `تم اختيار ${CREW_SIZE} متدربين`,
    deferred: 'مؤجل',
    book: `احجز ${CREW_SIZE} متدربين`,
    booked: 'محجوز',
    full: 'مكتملة',
  },
} as const;

test.use({ account: 'corporate' });

for (const language of LANGUAGES) {
  test(`a corporate books ten workers into one session with deferred payment (${language})`, async ({
    page,
    apiAs,
  }, testInfo) => {
    const labels = LABELS[language];
    const staff = await apiAs('superadmin');
    const corporateId = await demoCorporateId(staff);
    const crew = uniqueDigits(8);
    const workers = Array.from({ length: CREW_SIZE }, (_, index) => newWorker(crew, index + 1));
    for (const worker of workers) await addStudentThroughApi(staff, worker, corporateId);
    const session = await remoteSession(staff, bookableDay(DAY[language]), {
      capacity: CREW_SIZE,
    });

    await useLanguage(page, language);
    await page.goto('/corporate/dashboard');
    await page.getByRole('link', { name: labels.nav, exact: true }).click();
    await expect(page).toHaveURL(/\/corporate\/booking$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labels.title);
    await page.getByRole('combobox', { name: labels.course }).click();
    await page
      .getByRole('option', { name: language === 'ar' ? session.course.nameAr : session.course.nameEn })
      .click();
    const startsAt = await sessionTimeLabel(page, session.startsAt, language);
    const sessionRadio = page.getByRole('radio', { name: `${startsAt} · ${labels.training}`, exact: true });
    await sessionRadio.check();

    await page.getByLabel(labels.search).fill(`W${crew}`);
    const ticks = page.getByRole('checkbox');
    await expect(ticks).toHaveCount(CREW_SIZE);
    for (const tick of await ticks.all()) await tick.check();
    await expect(page.getByText(labels.selected, { exact: true })).toBeVisible();
    await page.getByRole('radio', { name: labels.deferred, exact: true }).check();
    await checkScreen(page, testInfo, 'corporate-booking', language);
    await page.getByRole('button', { name: labels.book, exact: true }).click();

    await expect(
      page.getByRole('status').filter({
        hasText: text('BATCH_BOOKED', language).replace('{{count}}', String(CREW_SIZE)),
      }),
    ).toBeVisible();
    const sessionRows = page.getByRole('row').filter({ hasText: startsAt });
    await expect(sessionRows).toHaveCount(CREW_SIZE);
    await expect(sessionRows.filter({ hasText: labels.booked })).toHaveCount(CREW_SIZE);
    for (const worker of workers) {
      const name = language === 'ar' ? worker.nameAr : worker.nameEn;
      // Worker 1's name begins worker 10's: the name must end where the cell does.
      await expect(sessionRows.filter({ has: page.getByRole('cell', { name, exact: true }) })).toHaveCount(1);
    }

    // Every seat is taken: the session is now full.
    await page.reload();
    await page.getByRole('combobox', { name: labels.course }).click();
    await page
      .getByRole('option', { name: language === 'ar' ? session.course.nameAr : session.course.nameEn })
      .click();
    await expect(sessionRadio).toBeDisabled();
  });
}
