import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { checkScreen } from '../support/screens.ts';

const LABELS = {
  en: { nav: 'Background jobs', state: 'State', completed: 'Completed', completedList: 'Jobs: Completed' },
  ar: { nav: 'المهام في الخلفية', state: 'الحالة', completed: 'مكتملة', completedList: 'المهام: مكتملة' },
} as const;

test.describe(() => {
  test.use({ account: 'superadmin' });

  for (const language of LANGUAGES) {
    test(`super admin sees every job queue and the failed jobs, then the completed ones (${language})`, async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav }).click();
      await expect(page).toHaveURL(/\/admin\/jobs$/);
      const queues = listTable(page, language, 'jobs:queues.caption');
      await expect(queues).toBeVisible();
      for (const queue of [
        'outbox-send',
        'booking-hold-expiry',
        'exam-attempt-deadline',
        'prune-idempotency-keys',
      ]) {
        await expect(queues.getByTestId(`queue-${queue}`)).toBeVisible();
      }
      await expect(page.getByRole('heading', { name: `${labels.nav}` })).toBeVisible();
      await checkScreen(page, testInfo, 'jobs', language);

      await page.getByRole('combobox', { name: labels.state }).click();
      await page.getByRole('option', { name: labels.completed, exact: true }).click();
      await expect(page.getByRole('heading', { name: labels.completedList })).toBeVisible();
    });
  }
});
