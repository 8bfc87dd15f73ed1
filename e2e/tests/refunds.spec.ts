import type { APIRequestContext } from '@playwright/test';
import { pendingBooking } from '../support/bookings.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { sar } from '../support/money.ts';
import { checkScreen, saveScreenshot } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';
import { uniqueDigits } from '../support/unique.ts';

/**
 * Issue 13 (F1): a teller asks for a refund of a cash payment from its details (in English),
 * and the CFO approves it from refund-payment (in Arabic): both languages seen, the approval's
 * message, the credit note shown. The payment is one of the teller's paid cash payments of the
 * demo with something left to refund.
 */
async function refundableCashPayment(teller: APIRequestContext): Promise<number> {
  const list = await teller.get('/api/payments?method=cash&status=paid&limit=100');
  expect(list.status(), await list.text()).toBe(200);
  for (const payment of (await list.json()).items as { id: number; invoiceId: number | null }[]) {
    if (!payment.invoiceId) continue;
    const left = await teller.get(`/api/refund-requests/refundable/${payment.id}`);
    if ((await left.json()).refundable >= 3_000) return payment.id;
  }
  throw new Error('no cash payment of the teller left to refund');
}

test.use({ account: 'teller' });

test('a teller requests a refund (English), the CFO approves it (Arabic)', async ({
  page,
  pageAs,
  apiAs,
}, testInfo) => {
  const teller = await apiAs('teller');
  const paymentId = await refundableCashPayment(teller);
  const reason = `Paid twice at the counter ${uniqueDigits(6)}`;

  await useLanguage(page, 'en');
  await page.goto(`/admin/all-payments/${paymentId}`);
  await page.getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(dialog.getByText(/Left to refund:/)).toBeVisible();
  const amount = dialog.getByRole('textbox', { name: /Amount/ });
  await amount.fill('25');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('radio', { name: 'Cash from the till' }).check();
  await checkScreen(page, testInfo, 'refund-request-dialog', 'en');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expectToast(page, text('REQUEST_SUBMITTED', 'en'));
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  const mine = await teller.get(`/api/refund-requests?paymentId=${paymentId}&status=pending&limit=100`);
  const request = ((await mine.json()).items as { id: number; reason: string; amount: number }[]).find(
    (item) => item.reason === reason,
  );
  expect(request?.amount).toBe(2_500);
  const id = request?.id ?? 0;

  // The teller sees it waiting, and cannot decide it.
  await page.goto('/admin/refund-payment');
  const tellerRow = page.getByTestId(`refund-${id}`);
  await expect(tellerRow.getByText('Pending')).toBeVisible();
  await expect(tellerRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await checkScreen(page, testInfo, 'refund-payment-teller', 'en');

  const cfo = await pageAs('cfo');
  await useLanguage(cfo, 'ar');
  await cfo.goto('/admin/refund-payment');
  const row = cfo.getByTestId(`refund-${id}`);
  await expect(row.getByText('قيد الانتظار')).toBeVisible();
  await checkScreen(cfo, testInfo, 'refund-payment-cfo', 'ar');
  await row.getByRole('button', { name: 'موافقة' }).click();
  const confirm = cfo.getByRole('dialog', { name: 'الموافقة على هذا الاسترداد؟' });
  await confirm.getByRole('textbox').fill('تمت المراجعة');
  await checkScreen(cfo, testInfo, 'refund-approve-dialog', 'ar');
  await confirm.getByRole('button', { name: 'موافقة' }).click();
  await expectToast(cfo, text('REFUND_APPROVED', 'ar'));
  await expect(row.getByText('مقبول')).toBeVisible();
  await expect(row.getByText(/^CN-/)).toBeVisible();
  await dismissToasts(cfo);
  await cfo.mouse.move(0, 0);
  await checkScreen(cfo, testInfo, 'refund-payment-approved', 'ar');

  const decided = await (await apiAs('cfo')).get(`/api/refund-requests/${id}`);
  expect(await decided.json()).toMatchObject({ status: 'approved', decisionNote: 'تمت المراجعة' });
});

/**
 * A card refund leaves through the development gateway after its approval has committed (a
 * `refund-payout` job): the CFO approves it (English) and the row turns by itself from "Card
 * refund pending" to "Card refund sent", then in Arabic.
 */
test('a card refund is sent to the card after the approval, shown on the row (en, ar)', async ({
  pageAs,
  apiAs,
}, testInfo) => {
  const student = await apiAs('student');
  const superadmin = await apiAs('superadmin');
  const { id: bookingId } = await pendingBooking(superadmin, student);
  const created = await student.post('/api/payments', {
    headers: { 'idempotency-key': `e2e-card-refund-${uniqueDigits(10)}` },
    data: { bookingId, method: 'card' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: paymentId, redirectUrl } = (await created.json()) as { id: number; redirectUrl: string };
  // The development gateway's Approve, then its way back through our callback.
  expect((await student.post(redirectUrl, { form: { action: 'approve' } })).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        (await (await superadmin.get(`/api/refund-requests/refundable/${paymentId}`)).json()).refundable,
    )
    .toBeGreaterThan(2_000);
  const requested = await superadmin.post('/api/refund-requests', {
    headers: { 'idempotency-key': `e2e-card-refund-${uniqueDigits(10)}` },
    data: { paymentId, amount: 2_000, reason: `Card refund ${uniqueDigits(6)}`, payout: 'original' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const id = (await requested.json()).request.id as number;

  const cfo = await pageAs('cfo');
  await useLanguage(cfo, 'en');
  await cfo.goto('/admin/refund-payment');
  const row = cfo.getByTestId(`refund-${id}`);
  await row.getByRole('button', { name: 'Approve' }).click();
  await cfo
    .getByRole('dialog', { name: 'Approve this refund?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expectToast(cfo, text('REFUND_APPROVED', 'en'));
  await expect(row.getByTestId(`refund-payout-${id}`)).toHaveText('Card refund sent');
  await dismissToasts(cfo);
  await cfo.mouse.move(0, 0);
  await checkScreen(cfo, testInfo, 'refund-card-sent', 'en');

  // The CFO turns to Arabic (the language a returning user chose is kept in local storage).
  await cfo.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await cfo.reload();
  await expect(row.getByTestId(`refund-payout-${id}`)).toHaveText('تم إرسال استرداد البطاقة');
  await checkScreen(cfo, testInfo, 'refund-card-sent', 'ar');
});

/**
 * The demo's card takings carry gateway ids the development gateway never made (it keeps its
 * payments in memory): a refund of one approved in the demo still leaves (is sent), not failed.
 */
test("a card refund of the demo's own takings is sent by the development gateway", async ({ apiAs }) => {
  const superadmin = await apiAs('superadmin');
  const cards: { id: number }[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `method=card&status=paid&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const page = (await (await superadmin.get(`/api/payments?${query}`)).json()) as {
      items: { id: number }[];
      nextCursor: string | null;
    };
    cards.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  // The seed's card payments come first (the lowest ids); one of them with something left.
  let paymentId = 0;
  for (const { id } of cards.sort((a, b) => a.id - b.id)) {
    const left = await superadmin.get(`/api/refund-requests/refundable/${id}`);
    if ((await left.json()).refundable >= 1_000) {
      paymentId = id;
      break;
    }
  }
  expect(paymentId, 'a demo card payment left to refund').toBeGreaterThan(0);
  const requested = await superadmin.post('/api/refund-requests', {
    headers: { 'idempotency-key': `e2e-demo-card-refund-${uniqueDigits(10)}` },
    data: { paymentId, amount: 1_000, reason: `Demo card refund ${uniqueDigits(6)}`, payout: 'original' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const id = (await requested.json()).request.id as number;
  const approved = await (await apiAs('cfo')).post(`/api/refund-requests/${id}/approve`, {
    headers: { 'idempotency-key': `e2e-demo-card-approve-${uniqueDigits(10)}` },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  expect((await approved.json()).request.payoutStatus).toBe('pending');
  await expect
    .poll(async () => (await (await superadmin.get(`/api/refund-requests/${id}`)).json()).payoutStatus)
    .toBe('sent');
});

/**
 * Issue 24: money goes back once. A card payment partly refunded into the balance; its student's
 * cancel dialog says only the rest is given back (English, Arabic), the cancellation credits the
 * rest, and the refund dialog of the payment then says nothing is left to refund.
 */
test('a booking partly refunded: the cancel gives back only the rest, then nothing is left to refund', async ({
  pageAs,
  apiAs,
}, testInfo) => {
  const student = await apiAs('student');
  const superadmin = await apiAs('superadmin');
  const booking = await pendingBooking(superadmin, student);
  const created = await student.post('/api/payments', {
    headers: { 'idempotency-key': `e2e-settle-card-${uniqueDigits(10)}` },
    data: { bookingId: booking.id, method: 'card' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: paymentId, redirectUrl } = (await created.json()) as { id: number; redirectUrl: string };
  expect((await student.post(redirectUrl, { form: { action: 'approve' } })).ok()).toBe(true);
  const refundableNow = async () =>
    (await (await superadmin.get(`/api/refund-requests/refundable/${paymentId}`)).json()) as {
      refundable: number;
      paid: number;
    };
  await expect.poll(async () => (await refundableNow()).refundable).toBeGreaterThan(5_000);
  const paid = (await refundableNow()).paid;
  const requested = await superadmin.post('/api/refund-requests', {
    headers: { 'idempotency-key': `e2e-settle-refund-${uniqueDigits(10)}` },
    data: { paymentId, amount: 5_000, reason: `Part refund ${uniqueDigits(6)}`, payout: 'balance' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const approved = await (await apiAs('cfo')).post(
    `/api/refund-requests/${(await requested.json()).request.id}/approve`,
    { headers: { 'idempotency-key': `e2e-settle-approve-${uniqueDigits(10)}` }, data: {} },
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const rest = (paid - 5_000) / 100;

  const studentPage = await pageAs('student');
  await useLanguage(studentPage, 'en');
  await studentPage.goto(`/student/booking/${booking.id}`);
  await studentPage.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = studentPage.getByRole('dialog', { name: `Cancel booking ${booking.number}?` });
  await expect(dialog).toContainText(`Left to give back: ${sar(rest, 'en')}`);
  await checkScreen(studentPage, testInfo, 'booking-cancel-rest', 'en');
  await studentPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The student turns to Arabic (kept in local storage), and cancels.
  await studentPage.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await studentPage.reload();
  await studentPage.getByRole('button', { name: 'إلغاء الحجز' }).click();
  const arabic = studentPage.getByRole('dialog', { name: `إلغاء الحجز ${booking.number}؟` });
  await expect(arabic).toContainText(`المتبقي للإرجاع: ${sar(rest, 'ar')}`);
  // Not checkScreen: the booking's details keep its booking and invoice numbers (Latin) outside user data.
  await saveScreenshot(studentPage, testInfo, 'booking-cancel-rest', 'ar');
  await arabic.getByRole('button', { name: 'إلغاء الحجز' }).click();
  await expectToast(
    studentPage,
    text('BOOKING_CANCELLED_CREDITED_REST', 'ar')
      .replace('{{amount}}', rest.toFixed(2))
      .replace('{{givenBack}}', '50.00'),
  );

  const admin = await pageAs('superadmin');
  await useLanguage(admin, 'en');
  await admin.goto(`/admin/all-payments/${paymentId}`);
  await admin.getByRole('button', { name: 'Request refund' }).click();
  const refundDialog = admin.getByRole('dialog', { name: 'Request a refund' });
  await expect(refundDialog.getByText(`Left to refund: ${sar(0, 'en')}`)).toBeVisible();
  await expect(refundDialog.getByText(text('NOTHING_LEFT_TO_REFUND', 'en'))).toBeVisible();
  await expect(refundDialog.getByRole('button', { name: 'Submit request' })).toBeDisabled();
  await checkScreen(admin, testInfo, 'refund-request-nothing-left', 'en');
});
