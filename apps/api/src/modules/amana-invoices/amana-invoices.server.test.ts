import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amanaBatches, amanaInvoiceLines, amanaInvoices } from '../../db/schema/index.ts';
import { demoStudentId } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { newBranch, paidPayment } from './fixtures.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let cfo: string;
let amanah: string;
beforeAll(async () => {
  t = await buildTestApp();
  cfo = (await t.loginAs('CFO')).token;
  amanah = (await t.loginAs('Amanah')).token;
});
afterAll(async () => {
  await t.close();
});

const RACERS = 10;
const PERIOD = { periodFrom: '2021-06-01', periodTo: '2021-06-30' };

async function paidBranch(payments: number): Promise<number> {
  const branchId = await newBranch(t);
  const studentId = await demoStudentId(t);
  for (let index = 0; index < payments; index++) {
    await paidPayment(t, { branchId, studentId, paidAt: new Date('2021-06-15T10:00:00+03:00') });
  }
  return branchId;
}

describe('Amanah invoices racing', () => {
  it('issues one invoice of 10 issues of the same period at once: one 201, the rest 409 AMANA_ALREADY_INVOICED or 400 nothing left', async () => {
    const branchId = await paidBranch(3);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () =>
        t.call({
          method: 'POST',
          url: '/api/amana-invoices',
          token: cfo,
          payload: { branchId, ...PERIOD },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((answer) => answer.statusCode !== 201)) {
      expect([409, 400]).toContain(response.statusCode);
      expect(['AMANA_ALREADY_INVOICED', 'AMANA_NOTHING_TO_INVOICE']).toContain(response.json().code);
    }
    const issued = await t.db.select().from(amanaInvoices).where(eq(amanaInvoices.branchId, branchId));
    expect(issued).toHaveLength(1);
  });

  it('verifies the same lines once of 10 verifications at once (different batch numbers): one 200, the rest 409', async () => {
    const branchId = await paidBranch(2);
    const issued = await t.call({
      method: 'POST',
      url: '/api/amana-invoices',
      token: cfo,
      payload: { branchId, ...PERIOD },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(issued.statusCode).toBe(201);
    const id = issued.json().id;
    const detail = await t.call({ method: 'GET', url: `/api/amana-invoices/${id}`, token: amanah });
    const lines = detail.json().lines.map((line: { id: number; reference: string }) => ({
      lineId: line.id,
      reference: line.reference,
    }));
    const prefix = randomUUID().slice(0, 8);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: `/api/amana-invoices/${id}/verify`,
          token: amanah,
          payload: { batchNumber: `${prefix}-${index}`, lines },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('AMANA_ALREADY_VERIFIED');
    }
    const winner = responses.find((response) => response.statusCode === 200)?.json();
    const verified = await t.db
      .select({ batchNumber: amanaBatches.batchNumber })
      .from(amanaInvoiceLines)
      .innerJoin(amanaBatches, eq(amanaBatches.id, amanaInvoiceLines.batchId))
      .where(eq(amanaInvoiceLines.amanaInvoiceId, id));
    expect(verified.map((row) => row.batchNumber)).toEqual([winner.batchNumber, winner.batchNumber]);
    const batches = await t.db.select().from(amanaBatches).where(isNotNull(amanaBatches.id));
    expect(batches.filter((batch) => batch.batchNumber.startsWith(prefix))).toHaveLength(1);
  });
});
