import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the demo refunds', () => {
  it('has one pending and one approved into the balance, requested by the teller, decided by the CFO', async () => {
    const { token } = await t.loginAs('CFO');
    const { userId: tellerId } = await t.loginAs('Teller');
    const { userId: cfoId } = await t.loginAs('CFO');
    const response = await t.call({ method: 'GET', url: '/api/refund-requests?payerKind=student', token });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Record<string, unknown>[];
    expect(items.map((item) => item.status).sort()).toEqual(['approved', 'pending']);
    for (const item of items) expect(item.requestedByUserId).toBe(tellerId);
    const approved = items.find((item) => item.status === 'approved');
    expect(approved).toMatchObject({ payout: 'balance', decidedByUserId: cfoId });
    expect(approved?.creditNoteNumber).toMatch(/^CN/);
  });
});
