import { randomUUID } from 'node:crypto';
import { centreDay } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dailyClosings, journalEntries, users } from '../../db/schema/index.ts';
import { demoEmailOf } from '../../db/seed/demo-users.ts';
import { PDF_BYTES } from '../../test/files.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let teller: string;
let accountant: string;
let branchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  teller = (await t.loginAs('Teller')).token;
  accountant = (await t.loginAs('branchaccountant')).token;
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  branchId = user?.branchId ?? 0;
});
afterAll(async () => {
  await t.close();
});

const RACERS = 10;
// Before the week the demo closes (seed/demo-closings.ts).
const day = centreDay(new Date(Date.now() - 12 * 86_400_000));

describe('daily closings racing', () => {
  it('one closing of 10 creates of the same branch and day at once; one finish of 10 at once, one journal entry', async () => {
    const created = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: '/api/daily-closings',
          token: index % 2 ? teller : accountant,
          payload: {
            branchId,
            day,
            totalAmount: '300',
            cashRevenue: '200',
            cardRevenue: '100',
            cashAmount: '200',
            depositAmount: '100',
            bankName: `Racer ${index}`,
          },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = created.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of created.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('CLOSING_EXISTS');
    }
    const rows = await t.db
      .select()
      .from(dailyClosings)
      .where(and(eq(dailyClosings.branchId, branchId), eq(dailyClosings.day, day)));
    expect(rows).toHaveLength(1);
    const id = rows[0]?.id ?? 0;

    const form = new FormData();
    form.append('file', new Blob([PDF_BYTES]), 'slip.pdf');
    const uploaded = await t.call({
      method: 'PUT',
      url: `/api/daily-closings/${id}/deposit-slip`,
      token: teller,
      payload: form,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(uploaded.statusCode).toBe(200);

    const finished = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: `/api/daily-closings/${id}/finish`,
          token: index % 2 ? teller : accountant,
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const finishStatuses = finished.map((response) => response.statusCode);
    expect(finishStatuses.filter((status) => status === 200)).toHaveLength(1);
    expect(finishStatuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of finished.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('CLOSING_FINISHED');
    }
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.source, 'closing'), eq(journalEntries.sourceId, id)));
    expect(entries).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'daily-closing.finish'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
  });
});
