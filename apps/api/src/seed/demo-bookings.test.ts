import { BOOKING_STATUSES, PAYMENT_METHODS } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { demoEmailOf } from './demo-users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown> & { id: number };

/** Every page of a list, as the caller sees it. */
async function everything(token: string, url: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page = `${url}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await t.call({ method: 'GET', url: page, token });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: Row[]; nextCursor: string | null };
    rows.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  return rows;
}

describe('the demo money a new user sees at once', () => {
  it('has bookings in every status and payments by every method, the paid ones with an invoice', async () => {
    const { token } = await t.loginAs('super admin');
    const bookings = await everything(token, '/api/bookings');
    expect(new Set(bookings.map((booking) => booking.status))).toEqual(new Set(BOOKING_STATUSES));
    const payments = await everything(token, '/api/payments');
    expect(new Set(payments.map((payment) => payment.method))).toEqual(new Set(PAYMENT_METHODS));
    const paid = payments.filter((payment) => payment.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(PAYMENT_METHODS.length);
    for (const payment of paid) {
      const response = await t.call({ method: 'GET', url: `/api/payments/${payment.id}`, token });
      const invoiceId = (response.json() as { invoiceId: number | null }).invoiceId;
      expect(invoiceId, `payment ${payment.id}`).not.toBeNull();
      const invoice = await t.call({ method: 'GET', url: `/api/invoices/${invoiceId}`, token });
      expect(invoice.json()).toMatchObject({
        number: expect.stringMatching(/^INV-\d+$/),
        total: payment.amount,
      });
    }
  });

  it('gives student@tasreeh.test a paid seat in the exam session open at start, and a cancelled paid booking whose credit paid another', async () => {
    const { token } = await t.loginAs('student');
    // Open when the database was seeded (the demo accounts' creation), not at the test's own time:
    // the test database is seeded once per run, and a long run outlasts the session's hour.
    const [seeded] = await t.db
      .select({ at: users.createdAt })
      .from(users)
      .where(eq(users.email, demoEmailOf('student')));
    const start = seeded?.at.getTime() ?? Number.NaN;
    const own = await everything(token, '/api/bookings');
    const seat = own.find((booking) => {
      const session = booking.session as { kind: string; startsAt: string; endsAt: string };
      return (
        session.kind === 'exam' && Date.parse(session.startsAt) <= start && Date.parse(session.endsAt) > start
      );
    });
    expect(seat).toMatchObject({ status: 'Booked' });
    expect(seat?.amountPaid).toBe(seat?.total);
    expect(own.some((booking) => booking.status === 'Cancelled')).toBe(true);
    const payments = await everything(token, '/api/payments');
    // One card payment is the seat of the past sitting that gave the demo student its certificate.
    expect(payments.map((payment) => payment.method).sort()).toEqual(['balance', 'card', 'card', 'cash']);
    const history = await t.call({ method: 'GET', url: `/api/bookings/${seat?.id}`, token });
    expect(
      (history.json() as { history: { action: string }[] }).history.map((entry) => entry.action),
    ).toContain('booking.create');
  });
});
