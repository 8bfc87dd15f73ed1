import type { APIRequestContext } from '@playwright/test';
import { pendingBooking } from '../support/bookings.ts';
import { expect, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
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
 * A card refund leaves through the development gateway after its approval has committed (the
 * payout queue): the CFO approves it (English) and sees "Card refund sent", then in Arabic.
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
  expect((await approved.json()).request).toMatchObject({ payoutStatus: 'sent', payoutError: null });
});
