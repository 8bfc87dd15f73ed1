import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { checkScreen } from '../support/screens.ts';

/**
 * Issue 12, statistics: the admin dashboard's business statistics (the demo data's accounts,
 * bookings and revenue of this year, month by month, and its top branches and corporates), its exam statistics (the demo data's passes and fails,
 * by exam language and by form, and its most failed questions) and the examiner dashboard's
 * "My exam sessions" with its link to the live view, in both languages.
 */
const LABELS = {
  en: { title: 'Exam statistics', sessions: 'My exam sessions', live: 'Live view', year: 'This year' },
  ar: { title: 'إحصاءات الاختبارات', sessions: 'جلسات اختباراتي', live: 'العرض المباشر', year: 'هذه السنة' },
} as const;
const BUSINESS = {
  en: { title: 'Business statistics', year: 'Year', quiet: 'No activity in 2000' },
  ar: { title: 'إحصاءات الأعمال', year: 'السنة', quiet: 'لا يوجد نشاط في 2000' },
} as const;

interface Leader {
  id: number;
  nameEn: string;
  nameAr: string;
  revenue: number;
}
interface Business {
  year: number;
  users: { total: { staff: number; students: number } };
  bookings: { total: Record<'trainee' | 'corporate', { count: number; paid: number }> };
  revenue: { total: { revenue: number }; topBranches: Leader[]; topCorporates: Leader[] };
}

interface PassFail {
  key: string;
  passed: number;
  failed: number;
}
interface Stats {
  total: PassFail;
  byLanguage: PassFail[];
  byExamType: PassFail[];
  topFailingQuestions: { questionIds: number[]; wrong: number; drawn: number }[];
}

const figures = (language: 'en' | 'ar', value: number) =>
  new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB', { numberingSystem: 'latn' }).format(value);
const riyals = (language: 'en' | 'ar', halalas: number) =>
  new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB', {
    numberingSystem: 'latn',
    style: 'currency',
    currency: 'SAR',
  }).format(halalas / 100);

for (const language of LANGUAGES) {
  test.describe(`admin dashboard statistics (${language})`, () => {
    test.use({ account: 'superadmin' });

    test("shows the demo data's passes and fails and the most failed questions", async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);
      const first = page.waitForResponse((response) => response.url().includes('/api/exam-stats?'));
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('heading', { name: labels.title })).toBeVisible();
      // The statistics' code comes in a chunk of its own, after the dashboard's.
      const stats = (await (await first).json()) as Stats;
      expect(stats.total.passed, 'the demo data has passes').toBeGreaterThan(0);
      expect(stats.total.failed, 'the demo data has fails').toBeGreaterThan(0);
      await expect(page.getByTestId('stats-passed')).toHaveText(figures(language, stats.total.passed));
      await expect(page.getByTestId('stats-failed')).toHaveText(figures(language, stats.total.failed));
      for (const row of stats.byLanguage) {
        const shown = page.getByTestId('stats-by-language').locator(`tr[data-key="${row.key}"]`);
        await expect(shown.locator('[data-cell="passed"]')).toHaveText(figures(language, row.passed));
        await expect(shown.locator('[data-cell="failed"]')).toHaveText(figures(language, row.failed));
      }
      await expect(page.getByTestId('stats-by-form').locator('tbody tr')).toHaveCount(
        stats.byExamType.length,
      );
      const worst = stats.topFailingQuestions[0];
      expect(worst, 'the demo sittings answered questions wrong').toBeDefined();
      const questions = page.getByTestId('stats-top-questions').locator('tbody tr');
      await expect(questions).toHaveCount(stats.topFailingQuestions.length);
      await expect(questions.first()).toContainText(`#${worst?.questionIds[0]}`);
      await checkScreen(page, testInfo, 'dashboard-stats', language);

      // Another period asks the server again, for that period's counts.
      const year = page.waitForResponse((response) => response.url().includes('/api/exam-stats?'));
      await page.getByText(labels.year, { exact: true }).click();
      const yearly = (await (await year).json()) as Stats;
      expect(new URL((await year).url()).searchParams.get('from')).toMatch(/^\d{4}-01-01$/);
      await expect(page.getByTestId('stats-passed')).toHaveText(figures(language, yearly.total.passed));

      // On a phone: the choices one under another, the tables scrolling sideways in focusable regions.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('stats-top-questions').getByRole('region')).toBeVisible();
      await checkScreen(page, testInfo, 'dashboard-stats-phone', language);
    });
  });

  test.describe(`admin dashboard business statistics (${language})`, () => {
    test.use({ account: 'superadmin' });

    test("shows this year's accounts, bookings, revenue and leaders, and another year", async ({
      page,
    }, testInfo) => {
      const labels = BUSINESS[language];
      await useLanguage(page, language);
      const first = page.waitForResponse((response) => response.url().includes('/api/business-stats?'));
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('heading', { name: labels.title })).toBeVisible();
      const stats = (await (await first).json()) as Business;
      const { users, bookings, revenue } = stats;
      expect(users.total.students, 'the demo data opened students this year').toBeGreaterThan(0);
      expect(revenue.total.revenue, 'the demo data was paid this year').toBeGreaterThan(0);
      const value = (testId: string) => page.getByTestId(testId).locator('[data-cell="value"]');
      await expect(value('business-users')).toHaveText(
        figures(language, users.total.staff + users.total.students),
      );
      await expect(value('business-trainee')).toHaveText(figures(language, bookings.total.trainee.count));
      await expect(value('business-corporate')).toHaveText(figures(language, bookings.total.corporate.count));
      await expect(value('business-revenue')).toHaveText(riyals(language, revenue.total.revenue));
      await expect(page.getByTestId('business-months').locator('tbody tr')).toHaveCount(12);
      const leader = revenue.topBranches[0];
      expect(leader, 'a branch took payments').toBeDefined();
      await expect(page.getByTestId('business-top-branches').getByRole('listitem').first()).toContainText(
        language === 'ar' ? (leader?.nameAr ?? '') : (leader?.nameEn ?? ''),
      );
      await page.getByTestId('business-stats').scrollIntoViewIfNeeded();
      await checkScreen(page, testInfo, 'dashboard-business', language);
      await page
        .getByTestId('business-stats')
        .screenshot({ path: `/tmp/shots/dashboard-business-${language}.png` });

      // Another year asks the server again: 2000 had nothing.
      const other = page.waitForResponse((response) =>
        response.url().includes('/api/business-stats?year=2000'),
      );
      await page.getByLabel(labels.year, { exact: true }).selectOption('2000');
      await other;
      await expect(page.getByTestId('business-stats')).toContainText(labels.quiet);
    });
  });

  test.describe(`examiner dashboard sessions (${language})`, () => {
    test.use({ account: 'examiner' });

    test('lists its exam sessions and leads to the live view', async ({ page }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto('/examiner/dashboard');
      await expect(page.getByRole('heading', { name: labels.sessions })).toBeVisible();
      const session = page.getByTestId('assigned-sessions-upcoming').getByTestId('assigned-session').first();
      await expect(session).toBeVisible();
      // No statistics on the examiner's dashboard (decision 0016).
      await expect(page.getByTestId('exam-stats')).toHaveCount(0);
      await expect(page.getByTestId('business-stats')).toHaveCount(0);
      await checkScreen(page, testInfo, 'dashboard-examiner', language);

      const id = await session.getAttribute('data-session-id');
      await session.getByRole('link', { name: labels.live }).click();
      await expect(page).toHaveURL(new RegExp(`/examiner/exam-live/${id}$`));
      await expect(page.locator('main')).not.toContainText('404');
    });
  });
}
