import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';

/**
 * Issue 12, scores and retakes: the admin's scores list filtered by result and exported as XLSX,
 * and a free ReAssessment booked from retake-exam for a student the demo seed left due one
 * (each language books its own student).
 */
const LABELS = {
  en: {
    result: 'Result',
    failed: 'Failed',
    due: 'Due',
    reassessment: 'ReAssessment',
    book: 'Book ReAssessment',
  },
  ar: {
    result: 'النتيجة',
    failed: 'راسب',
    due: 'المستحق',
    reassessment: 'إعادة تقييم',
    book: 'حجز إعادة تقييم',
  },
} as const;

interface RetakeRow {
  studentId: number;
  courseId: number;
  due: string;
  bookedBookingId: number | null;
}

test.use({ account: 'superadmin' });

for (const [index, language] of LANGUAGES.entries()) {
  test.describe(`scores and retakes (${language})`, () => {
    test('scores filtered by result and exported; a ReAssessment booked from retake-exam', async ({
      page,
      apiAs,
    }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);

      await page.goto('/admin/scores');
      await expect(page.getByTestId('exam-result-total-count')).toBeVisible();
      await page.getByRole('combobox', { name: labels.result, exact: true }).click();
      await page.getByRole('option', { name: labels.failed, exact: true }).click();
      await expect(page.locator('[data-testid^="exam-result-"]').first()).toBeVisible();
      // Retried until the filtered page has replaced the first one.
      await expect(page.locator('tbody tr').filter({ hasNotText: labels.failed })).toHaveCount(0);
      await expect(page.locator('tbody tr').first()).toContainText(labels.failed);
      await checkScreen(page, testInfo, 'scores', language);
      const download = page.waitForEvent('download');
      await page.getByTestId('export-results').click();
      expect((await download).suggestedFilename()).toMatch(/^exam-results-\d{4}-\d{2}-\d{2}\.xlsx$/);

      const admin = await apiAs('superadmin');
      const due = await admin.get('/api/retakes?due=ReAssessment&order=desc&limit=100');
      // A student due a ReAssessment in a course that has one coming up (some demo fails have none).
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const now = new Date();
      const sessions = await admin.get(
        `/api/sessions?from=${day(now)}&to=${day(new Date(now.getTime() + 56 * 86_400_000))}&kind=exam`,
      );
      const reAssessmentCourses = new Set(
        (
          (await sessions.json()) as {
            items: { courseId: number; examType: string | null; startsAt: string }[];
          }
        ).items
          .filter((session) => session.examType === 'ReAssessment' && new Date(session.startsAt) > now)
          .map((session) => session.courseId),
      );
      const free = ((await due.json()) as { items: RetakeRow[] }).items.filter(
        (row) => row.bookedBookingId === null && reAssessmentCourses.has(row.courseId),
      );
      const chosen = free[index];
      expect(chosen, 'the demo seed leaves students due a ReAssessment').toBeDefined();
      if (!chosen) return;

      await page.goto('/admin/retake-exam');
      const row = page.getByTestId(`retake-${chosen.studentId}-${chosen.courseId}`);
      await expect(row).toContainText(labels.reassessment);
      await checkScreen(page, testInfo, 'retake-exam', language);
      await row.getByRole('link', { name: labels.book }).click();
      await expect(page).toHaveURL(/\/admin\/retake-exam\/book-retake\?/);
      await page.getByTestId('retake-sessions').getByRole('radio').first().check();
      await page.getByTestId('book-retake').click();
      await expect(page.getByTestId('retake-booked')).toContainText(text('RETAKE_BOOKED', language));

      const after = await admin.get('/api/retakes?due=ReAssessment&order=desc&limit=100');
      const booked = ((await after.json()) as { items: (RetakeRow & { id: number })[] }).items.find(
        (item) => item.studentId === chosen.studentId && item.courseId === chosen.courseId,
      );
      expect(booked?.bookedBookingId).not.toBeNull();
    });
  });
}
