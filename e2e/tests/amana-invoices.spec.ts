import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { remoteSession } from '../support/bookings.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { addStudentThroughApi, newStudent } from '../support/students.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';
import { uniqueDigits } from '../support/unique.ts';

/**
 * Issue 13 (F3): finance issues the Amanah invoice of a branch for today (English) — it holds the
 * fee of a cash payment the teller took today — and the Amanah user verifies it in one batch,
 * every student ticked at once (Arabic): first refused without a student, then "Verification
 * successful!"; each downloads the invoice's PDF. The data comes through the API: a student, a
 * session, its booking and cash.
 */
test.use({ account: 'cfo', timezoneId: 'Asia/Riyadh' });

/** Clicks the invoice's download button and checks the file: a PDF named by the invoice's number. */
async function expectPdfDownload(page: Page, button: string, number: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('finance issues an Amanah invoice (en) and the Amanah verifies a batch (ar)', async ({
  page,
  apiAs,
  pageAs,
}, testInfo) => {
  const teller = await apiAs('teller');
  const branches = (await (await teller.get('/api/students/placement/branches')).json()) as {
    id: number;
    nameEn: string;
  }[];
  const branch = branches[0];
  if (!branch) throw new Error('the teller has no branch');
  const student = newStudent('en', 'amana');
  const studentId = await addStudentThroughApi(teller, student);
  const day = new Date(Date.now() + (400 + Number(uniqueDigits(2))) * 86_400_000).toISOString().slice(0, 10);
  const session = await remoteSession(await apiAs('superadmin'), day, { branchId: branch.id });
  const booked = await teller.post('/api/bookings', {
    headers: { 'idempotency-key': `e2e-amana-booking-${uniqueDigits(12)}` },
    data: { sessionId: session.id, studentId },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const paid = await teller.post('/api/payments', {
    headers: { 'idempotency-key': `e2e-amana-cash-${uniqueDigits(12)}` },
    data: { bookingId: (await booked.json()).id, method: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // Finance, in English: the list (the demo's invoice awaiting verification), then today's invoice.
  await useLanguage(page, 'en');
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Amanah invoices', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/amana-invoice$/);
  await expect(page.getByRole('link', { name: 'AMN-000001' })).toBeVisible();
  await checkScreen(page, testInfo, 'amana-invoice-list', 'en');
  const form = page.getByRole('region', { name: 'Issue an Amanah invoice' });
  await form.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: branch.nameEn, exact: true }).click();
  for (const label of ['Period from', 'Period to']) {
    await form.getByRole('button', { name: label }).click();
    await page.locator('.mantine-Popover-dropdown button[data-today]').click();
    await expect(page.locator('[data-dates-dropdown]:visible')).toHaveCount(0);
  }
  await page.getByTestId('amana-issue').click();
  await expect(page).toHaveURL(/\/admin\/amana-invoice\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const issued = await (await apiAs('cfo')).get(`/api/amana-invoices/${id}`);
  const invoice = (await issued.json()) as { number: string; lines: { reference: string }[] };
  await expectToast(page, `Amanah invoice ${invoice.number} has been issued.`);
  expect(invoice.lines.map((line) => line.reference)).toContain(student.idNumber);
  await expect(page.getByRole('cell', { name: `ID ${student.idNumber}` })).toBeVisible();
  await dismissToasts(page);
  await checkScreen(page, testInfo, 'amana-invoice-details', 'en');
  await expectPdfDownload(page, 'Download PDF', invoice.number);

  // The Amanah, in Arabic: no student ticked is refused; then all of them, a batch number, verified.
  const amanah = await pageAs('amanah');
  await useLanguage(amanah, 'ar');
  await amanah.goto('/admin/dashboard');
  await amanah.getByRole('link', { name: 'تحقق الأمانة', exact: true }).click();
  await expect(amanah).toHaveURL(/\/admin\/amana-invoice-verification$/);
  await amanah.getByRole('combobox', { name: 'الفاتورة' }).click();
  await amanah.getByRole('option', { name: new RegExp(`^${invoice.number} `) }).click();
  await expect(amanah.getByRole('cell', { name: `الهوية ${student.idNumber}` })).toBeVisible();
  await amanah.getByRole('button', { name: 'تحقق', exact: true }).click();
  await expect(amanah.getByTestId('amana-lines-error')).toHaveText(text('SELECT_STUDENTS', 'ar'));
  await checkScreen(amanah, testInfo, 'amana-invoice-verification', 'ar');
  await amanah.getByRole('checkbox', { name: 'تحديد كل المتدربين' }).check();
  await amanah.getByLabel('رقم الدفعة').fill(`E2E-${uniqueDigits(8)}`);
  await amanah.getByRole('button', { name: 'تحقق', exact: true }).click();
  await expectToast(amanah, text('VERIFICATION_SUCCESSFUL', 'ar'));
  await expect(amanah.getByText('تم التحقق من جميع أسطر هذه الفاتورة.')).toBeVisible();
  const after = await (await apiAs('amanah')).get(`/api/amana-invoices/${id}`);
  expect((await after.json()).status).toBe('verified');

  // The Amanah opens the verified invoice, in Arabic, and downloads its PDF.
  await amanah.goto(`/admin/amana-invoice/${id}`);
  await expect(amanah.getByRole('heading', { name: new RegExp(invoice.number) })).toBeVisible();
  await checkScreen(amanah, testInfo, 'amana-invoice-details', 'ar');
  await expectPdfDownload(amanah, 'تنزيل الفاتورة', invoice.number);
});
