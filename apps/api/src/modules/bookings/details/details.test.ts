import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventOf } from './service.ts';

let t: TestApp;
const tokens = {} as Record<'student' | 'corporate' | 'Teller' | 'CFO' | 'Instructor', string>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ['student', 'corporate', 'Teller', 'CFO', 'Instructor'] as const) {
    tokens[type] = (await t.loginAs(type)).token;
  }
});
afterAll(async () => {
  await t.close();
});

const write = (url: string, token: string, payload: object) =>
  t.call({ method: 'POST', url, token, payload, headers: { 'idempotency-key': randomUUID() } });
const detailOf = (id: number, token?: string) => t.call({ method: 'GET', url: `/api/bookings/${id}`, token });

describe('GET /api/bookings/:id with payments, invoices and history', () => {
  it('shows the payment with its invoice, the invoice, who did what, and that the student may cancel or move', async () => {
    const session = await insertSession(t);
    const booked = (await write('/api/bookings', tokens.student, { sessionId: session.id })).json();
    const fresh = (await detailOf(booked.id, tokens.student)).json();
    expect(fresh).toMatchObject({ payments: [], documents: [], abilities: { cancel: true, move: true } });
    const paid = (
      await write('/api/payments', tokens.Teller, { bookingId: booked.id, method: 'cash' })
    ).json();

    const response = await detailOf(booked.id, tokens.student);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: booked.id, status: 'Booked', sessionId: session.id });
    expect(detail.payments).toEqual([
      {
        id: paid.id,
        method: 'cash',
        status: 'paid',
        amount: booked.total,
        paidAt: expect.any(String),
        invoiceId: paid.invoiceId,
        invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      },
    ]);
    expect(detail.documents).toEqual([
      {
        id: paid.invoiceId,
        kind: 'invoice',
        number: detail.payments[0].invoiceNumber,
        issuedAt: expect.any(String),
        total: booked.total,
      },
    ]);
    expect(detail.history).toMatchObject([
      { action: 'booking.create', event: 'booked', by: { nameEn: expect.any(String) } },
      { action: 'payment.create', event: 'paid', by: { nameEn: expect.any(String) } },
    ]);
    expect(detail.history[0].by).not.toEqual(detail.history[1].by);
    expect((await detailOf(booked.id, tokens.Teller)).json().abilities).toEqual({ cancel: true, move: true });
    expect((await detailOf(booked.id, tokens.CFO)).json().abilities).toEqual({ cancel: false, move: false });

    expect((await write(`/api/bookings/${booked.id}/cancel`, tokens.student, {})).statusCode).toBe(200);
    const cancelled = (await detailOf(booked.id, tokens.student)).json();
    expect(cancelled.documents.map((document: { kind: string }) => document.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);
    expect(cancelled.history.map((entry: { event: string }) => entry.event)).toEqual([
      'booked',
      'paid',
      'cancelled',
    ]);
    expect(cancelled.abilities).toEqual({ cancel: false, move: false });
  });

  it('is refused without a session, to a type without read on bookings, and hidden from other owners', async () => {
    const session = await insertSession(t);
    const booked = (await write('/api/bookings', tokens.student, { sessionId: session.id })).json();
    expect((await detailOf(booked.id)).statusCode).toBe(401);
    expect((await detailOf(booked.id, tokens.Instructor)).statusCode).toBe(403);
    expect((await detailOf(booked.id, tokens.corporate)).statusCode).toBe(404);
  });
});

describe('eventOf', () => {
  it('tells a wire waiting, a card started, a declined card and a confirmed wire apart', () => {
    expect(eventOf('payment.create', { method: 'wire', status: 'pending' })).toBe('wireWaiting');
    expect(eventOf('payment.create', { method: 'card', status: 'pending' })).toBe('paymentStarted');
    expect(eventOf('payment.confirm-card', { status: 'failed' })).toBe('paymentFailed');
    expect(eventOf('payment.confirm-card', { status: 'paid' })).toBe('paid');
    expect(eventOf('payment.confirm-wire', { status: 'paid' })).toBe('paid');
    expect(eventOf('booking.move', { sessionId: 2 })).toBe('moved');
    expect(eventOf('fee.update', {})).toBeNull();
  });
});

describe('the bookings policy', () => {
  it('tells the session check who may add a booking: a student, a corporate, a teller with create_9', async () => {
    const mayCreate = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities
        .bookings;
    expect(await mayCreate(tokens.Teller)).toEqual({ create: true });
    expect(await mayCreate(tokens.student)).toEqual({ create: true });
    expect(await mayCreate(tokens.CFO)).toEqual({ create: false });
    expect(await mayCreate(tokens.Instructor)).toEqual({ create: false });
  });
});
