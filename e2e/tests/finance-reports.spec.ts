import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, type Language, useLanguage } from '../support/language.ts';
import { sar } from '../support/money.ts';
import { checkScreen } from '../support/screens.ts';

const LABELS = {
  en: {
    nav: 'Finance reports',
    title: 'Revenue report',
    by: { day: 'Day', branch: 'Branch', method: 'Method', course: 'Course' },
    xlsx: 'Export to Excel',
  },
  ar: {
    nav: 'التقارير المالية',
    title: 'تقرير الإيرادات',
    by: { day: 'اليوم', branch: 'الفرع', method: 'الطريقة', course: 'الدورة' },
    xlsx: 'تصدير إلى إكسل',
  },
} as const;
const GROUPINGS = ['day', 'branch', 'method', 'course'] as const;

interface RevenueRow {
  key: string;
  payments: number;
  total: number;
}
interface RevenueReport {
  rows: RevenueRow[];
  totals: Omit<RevenueRow, 'key'>;
}

/** Today in Riyadh, `YYYY-MM-DD`. */
function riyadhToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
}

/**
 * The screen shows the report the API gives for the same period and grouping: every group's total
 * and the totals row. Other tests take payments today: when one lands between the screen's read
 * and the API's, the screen is read again.
 */
async function expectReportAsApiCounts(
  page: Page,
  api: APIRequestContext,
  period: { from: string; to: string },
  grouping: { groupBy: (typeof GROUPINGS)[number]; label: string },
  language: Language,
) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    // The segmented control's radio is drawn by its label (the input itself is hidden).
    await page.locator('label', { hasText: new RegExp(`^${grouping.label}$`) }).click();
    await expect(page.getByRole('radio', { name: grouping.label, exact: true })).toBeChecked();
    const totals = page.getByTestId('revenue-totals');
    await expect(totals).toBeVisible();
    const response = await api.get(
      `/api/finance-reports/revenue?from=${period.from}&to=${period.to}&groupBy=${grouping.groupBy}`,
    );
    expect(response.status()).toBe(200);
    const report = (await response.json()) as RevenueReport;
    // The demo's paid bookings are in the period: the report is never empty.
    expect(report.totals.payments).toBeGreaterThan(0);
    await expect(totals).toContainText(sar(report.totals.total / 100, language), { timeout: 2_000 });
    const rows = page.locator('[data-testid^="revenue-"]:not([data-testid="revenue-totals"])');
    await expect(rows).toHaveCount(report.rows.length, { timeout: 2_000 });
    for (const row of report.rows) {
      await expect(page.getByTestId(`revenue-${row.key}`)).toContainText(sar(row.total / 100, language), {
        timeout: 2_000,
      });
    }
  }).toPass({ timeout: 60_000 });
}

test.use({ account: 'cfo', timezoneId: 'Asia/Riyadh' });

for (const language of LANGUAGES) {
  test(`finance reads the revenue report by day, branch, method and course, as the API counts it, and exports it (${language})`, async ({
    page,
    apiAs,
  }, testInfo) => {
    test.setTimeout(180_000);
    const labels = LABELS[language];
    const api = await apiAs('cfo');
    await useLanguage(page, language);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: labels.nav, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/finance-reports$/);
    await expect(page.getByRole('heading', { name: labels.title })).toBeVisible();
    // The period the screen opens with: this month up to today.
    const today = riyadhToday();
    const period = { from: `${today.slice(0, 8)}01`, to: today };
    for (const groupBy of GROUPINGS) {
      await expectReportAsApiCounts(page, api, period, { groupBy, label: labels.by[groupBy] }, language);
      await checkScreen(page, testInfo, `revenue-by-${groupBy}`, language);
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: labels.xlsx }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`revenue-course-${period.from}-${period.to}.xlsx`);
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.length).toBeGreaterThan(1_000);
    // An XLSX is a ZIP: it starts with "PK".
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
}
