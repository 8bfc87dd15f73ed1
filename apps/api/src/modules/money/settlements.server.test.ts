import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceCancelWithAdvanceRefund, raceReversals, reversalCallers } from '../../test/reversals.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const PAIRS = 10;

describe('a cancellation and a refund approval of one payment at once', () => {
  it(`${PAIRS} pairs, all at once: each payment given back once; every cancel 200, every losing approval 409`, async () => {
    const race = await raceReversals(t, await reversalCallers(t), PAIRS);
    expect(race.tried).toBe(2 * PAIRS);
    expect(race.serverErrors).toBe(0);
    for (const payment of race.given) {
      expect(payment.credited, `payment ${payment.paymentId}`).toBe(payment.paid);
      expect(payment.moneyOut, `payment ${payment.paymentId}`).toBe(payment.paid);
    }
    expect(race.givenBackTwice).toBe(0);
    const cancels = race.outcomes.filter((outcome) => outcome.kind === 'cancel');
    expect(cancels.map((outcome) => outcome.status)).toEqual(cancels.map(() => 200));
    const losers = race.outcomes.filter((outcome) => outcome.kind === 'approve' && outcome.status !== 200);
    expect(losers.map((outcome) => `${outcome.status} ${outcome.code}`)).toEqual(
      losers.map(() => '409 NOTHING_LEFT_TO_REFUND'),
    );
  });
});

describe('a cancellation and an advance refund of the same payer at once', () => {
  it(`${PAIRS} pairs: no deadlock — every cancel and every approval 200, the balance as the two leave it`, async () => {
    const race = await raceCancelWithAdvanceRefund(t, await reversalCallers(t), PAIRS);
    expect(race.outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(race.balanceChange).toBe(race.cancelledCredit - race.advancesRefunded);
  });
});
