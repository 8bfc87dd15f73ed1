import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundRequests } from '../../db/schema/index.ts';
import { jobsOf, jobsSettled, makeDueNow } from '../../test/jobs.ts';
import { refundKit } from '../../test/refunds.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { type CardGateway, gatewayFor } from '../money/index.ts';
import { REFUND_PAYOUT, refundPayoutJob } from './payouts.ts';

// Card refunds go out as `refund-payout` jobs, run here by the app's real job runner.
let t: TestApp;
let kit: ReturnType<typeof refundKit>;
let teller: string;
let tellerId: number;
let cfo: string;
let cfoId: number;
let accountant: string;
let student: string;
beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  ({ token: teller, userId: tellerId } = await t.loginAs('Teller'));
  ({ token: cfo, userId: cfoId } = await t.loginAs('CFO'));
  accountant = (await t.loginAs('branchaccountant')).token;
  kit = refundKit(t, { teller, student, cfo });
});
afterAll(async () => {
  await t.close();
});

/** The payout jobs due now have run; a refused one waiting for its retry is made due first. */
async function payoutsRun() {
  await makeDueNow(t, REFUND_PAYOUT);
  await jobsSettled(t, REFUND_PAYOUT);
}

const jobsFor = async (requestId: number) =>
  (await jobsOf(t, REFUND_PAYOUT)).filter((job) => job.data.requestId === requestId);

const approve = (id: number) => kit.post(`/api/refund-requests/${id}/approve`, cfo);

async function cardRequest(amount: number) {
  const { paymentId, devPayment } = await kit.paidCard();
  const id = (await kit.requestRefund(paymentId, { amount, payout: 'original' })).json().request.id as number;
  return { id, paymentId, devPayment };
}

describe('card refunds through the payout job', () => {
  it('the approval commits with its job; the job refunds the card once, and the request says sent', async () => {
    const { id, devPayment } = await cardRequest(4_000);
    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', payoutStatus: 'pending' });
    expect(await jobsFor(id)).toHaveLength(1);
    await payoutsRun();
    expect(await kit.payoutOf(id)).toMatchObject({ payoutStatus: 'sent', payoutError: null });
    expect(devPayment.refunded).toBe(4_000);
    expect(kit.refundsOf(id)).toHaveLength(1);
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row?.gatewayRefundId).toBe(kit.refundsOf(id)[0]?.refundId);
    expect((await jobsFor(id)).map((job) => job.state)).toEqual(['completed']);
    // A cash refund queues no job and calls no gateway.
    const cash = (await kit.requestRefund(await kit.paidCash(), { amount: 100, payout: 'original' })).json()
      .request.id as number;
    expect((await approve(cash)).json().request.payoutStatus).toBe('none');
    expect(await jobsFor(cash)).toEqual([]);
  });

  it('a gateway refusing: the approval stands, the job retries with a wait, the fifth refusal leaves it failed; staff retry it and it is sent', async () => {
    const { id, devPayment } = await cardRequest(4_000);
    devPayment.status = 'failed';
    expect((await approve(id)).statusCode).toBe(200);
    await payoutsRun();
    const first = await kit.payoutOf(id);
    expect(first).toMatchObject({
      status: 'approved',
      payoutStatus: 'pending',
      payoutError: 'PAYMENT_GATEWAY_UNAVAILABLE',
    });
    expect(first.creditNoteNumber).toMatch(/^CN/);
    // The refused try waits for its retry (30 s, then longer), it is not tried again at once.
    const [waiting] = await jobsFor(id);
    expect(waiting?.state).toBe('retry');
    expect(waiting?.startAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const early = await kit.post(`/api/refund-requests/${id}/retry-payout`, cfo);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REFUND_PAYOUT_NOT_FAILED');
    for (let attempt = 2; attempt <= 5; attempt++) await payoutsRun();
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row).toMatchObject({ payoutStatus: 'failed', payoutAttempts: 5 });
    expect((await jobsFor(id)).map((job) => job.state)).toEqual(['completed']);
    expect(devPayment.refunded).toBe(0);

    for (const token of [teller, accountant, student]) {
      expect((await kit.post(`/api/refund-requests/${id}/retry-payout`, token)).statusCode).toBe(403);
    }
    // The refunds policy's ability: the CFO may send a failed card refund again, the teller may not.
    const abilitiesFor = async (token: string) =>
      (await t.call({ method: 'GET', url: `/api/refund-requests/${id}`, token })).json().abilities;
    expect(await abilitiesFor(cfo)).toMatchObject({ retryPayout: true });
    expect(await abilitiesFor(teller)).toMatchObject({ retryPayout: false });
    expect((await kit.post(`/api/refund-requests/${id}/retry-payout`, cfo, {}, 'en', null)).statusCode).toBe(
      400,
    );
    devPayment.status = 'paid';
    const retried = await kit.post(`/api/refund-requests/${id}/retry-payout`, cfo, {}, 'ar');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('يُعاد إرسال استرداد البطاقة.');
    expect(retried.json().request).toMatchObject({ payoutStatus: 'pending' });
    await payoutsRun();
    expect(await kit.payoutOf(id)).toMatchObject({ payoutStatus: 'sent', payoutError: null });
    expect(devPayment.refunded).toBe(4_000);
    const again = await kit.post(`/api/refund-requests/${id}/retry-payout`, cfo);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a card refund the gateway did not accept can be sent again.');
    expect(kit.refundsOf(id)).toHaveLength(1);
  });

  it('a gateway that refunds and then fails to answer (a crash): the retried job refunds nothing more', async () => {
    const { id, devPayment } = await cardRequest(3_000);
    const gateway = kit.devGateway();
    const refund = gateway.refund;
    gateway.refund = async (...args) => {
      await refund(...args);
      throw new Error('connection reset');
    };
    try {
      expect((await approve(id)).statusCode).toBe(200);
      await payoutsRun();
    } finally {
      gateway.refund = refund;
    }
    expect(await kit.payoutOf(id)).toMatchObject({
      payoutStatus: 'pending',
      payoutError: 'REFUND_PAYOUT_REFUSED',
    });
    expect(devPayment.refunded).toBe(3_000);
    await payoutsRun();
    expect(await kit.payoutOf(id)).toMatchObject({ payoutStatus: 'sent', payoutError: null });
    expect(devPayment.refunded).toBe(3_000);
    expect(kit.refundsOf(id)).toHaveLength(1);
  });
});

describe('card refunds left without a job', () => {
  it('are the payout work the runner takes up at start: a pending card refund, not a sent one', async () => {
    const waiting = await kit.approvedCardRefund({ tellerId, cfoId });
    const { id: sent } = await cardRequest(1_000);
    await approve(sent);
    await payoutsRun();
    const definition = refundPayoutJob({
      db: t.db,
      jobs: t.app.deps.jobs,
      gateway: gatewayFor(t.app.deps.config),
      log: t.app.log,
    });
    const rows = (await definition.waiting?.rows(t.db)) ?? [];
    expect(definition.waiting?.by).toBe('requestId');
    expect(rows).toContainEqual({ requestId: waiting });
    expect(rows).not.toContainEqual({ requestId: sent });
  });
});

describe("one refund of a payment at a time, and a request's lease", () => {
  it('a failed refund holds back the later ones of its payment; once retried and sent, it queues the next', async () => {
    const { paymentId, devPayment } = await kit.paidCard();
    const request = async (amount: number) =>
      (await kit.requestRefund(paymentId, { amount, payout: 'original' })).json().request.id as number;
    const first = await request(1_000);
    const second = await request(2_000);
    devPayment.status = 'failed';
    await approve(first);
    await approve(second);
    await payoutsRun();
    // The second one's job found the first ahead of it, unsent, and left it to the first's send.
    const rowOf = async (id: number) =>
      (await t.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0];
    expect(await rowOf(first)).toMatchObject({ payoutAttempts: 1, payoutStatus: 'pending' });
    expect(await rowOf(second)).toMatchObject({ payoutAttempts: 0, payoutStatus: 'pending' });
    for (let attempt = 2; attempt <= 5; attempt++) await payoutsRun();
    expect(await rowOf(first)).toMatchObject({ payoutStatus: 'failed' });
    // The gateway takes refunds again: the failed one's money may have left, so the later one waits.
    devPayment.status = 'paid';
    await payoutsRun();
    expect(await rowOf(second)).toMatchObject({ payoutStatus: 'pending' });
    expect(kit.refundsOf(second)).toEqual([]);
    await kit.post(`/api/refund-requests/${first}/retry-payout`, cfo);
    await payoutsRun();
    expect(await rowOf(first)).toMatchObject({ payoutStatus: 'sent' });
    expect(await rowOf(second)).toMatchObject({ payoutStatus: 'sent', payoutAttempts: 1 });
    expect(devPayment.refunded).toBe(3_000);
  });

  const approvedCardRefund = () => kit.approvedCardRefund({ tellerId, cfoId });

  it('a refund approved while another of its payment is being sent is queued by that send, even with the lower id', async () => {
    const second = await approvedCardRefund();
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, second));
    if (!row) throw new Error('no request');
    // A refund of the same payment with the lower id, not approved yet.
    await t.db
      .update(refundRequests)
      .set({ id: second + 100_000 })
      .where(eq(refundRequests.id, second));
    const later = second + 100_000;
    const [first] = await t.db
      .insert(refundRequests)
      .values({ ...row, id: second, reason: 'Approved while the other is sent', payoutStatus: 'none' })
      .returning({ id: refundRequests.id });
    if (!first) throw new Error('no request');
    let job: ReturnType<typeof refundPayoutJob> | undefined;
    const gateway: CardGateway = {
      ...kit.devGateway(),
      name: 'development',
      create: () => Promise.reject(new Error('not here')),
      fetch: () => Promise.reject(new Error('not here')),
      verifyWebhook: () => null,
      async refund(_id, _amount, once) {
        if (once.key === `refund-request-${later}`) {
          // Meanwhile the lower one is approved and its job runs: held back behind the send.
          await t.db
            .update(refundRequests)
            .set({ payoutStatus: 'pending' })
            .where(eq(refundRequests.id, first.id));
          await job?.run([{ id: randomUUID(), data: { requestId: first.id } }]);
          expect(
            (await t.db.select().from(refundRequests).where(eq(refundRequests.id, first.id)))[0]
              ?.payoutClaimedAt,
          ).toBeNull();
        }
        return { refundId: `r-${once.key}` };
      },
    };
    job = refundPayoutJob({ db: t.db, jobs: t.app.deps.jobs, gateway, log: t.app.log });
    await job.run([{ id: randomUUID(), data: { requestId: later } }]);
    // The send of the later one queued the lower one, held back behind it.
    expect(await jobsFor(first.id)).toHaveLength(1);
  });

  it("a request another process's job is sending is left to it; a lease older than 5 minutes is of a dead process and taken again", async () => {
    const id = await approvedCardRefund();
    await t.db.update(refundRequests).set({ payoutClaimedAt: new Date() }).where(eq(refundRequests.id, id));
    await t.app.deps.jobs.send(t.db, REFUND_PAYOUT, { requestId: id });
    await payoutsRun();
    expect(kit.refundsOf(id)).toEqual([]);
    await t.db
      .update(refundRequests)
      .set({ payoutClaimedAt: new Date(Date.now() - 600_000) })
      .where(eq(refundRequests.id, id));
    await t.app.deps.jobs.send(t.db, REFUND_PAYOUT, { requestId: id });
    await payoutsRun();
    expect(await kit.payoutOf(id)).toMatchObject({ payoutStatus: 'sent' });
    expect(kit.refundsOf(id)).toHaveLength(1);
  });

  it('a send whose lease was taken over (it outlived the timeout) records nothing over the newer lease', async () => {
    const id = await approvedCardRefund();
    const newer = new Date(Date.now() + 60_000);
    const gateway: CardGateway = {
      name: 'development',
      create: () => Promise.reject(new Error('not here')),
      fetch: () => Promise.reject(new Error('not here')),
      verifyWebhook: () => null,
      async refund(_id, _amount, once) {
        await t.db.update(refundRequests).set({ payoutClaimedAt: newer }).where(eq(refundRequests.id, id));
        return { refundId: `r-${once.key}` };
      },
    };
    const job = refundPayoutJob({ db: t.db, jobs: t.app.deps.jobs, gateway, log: t.app.log });
    await job.run([{ id: randomUUID(), data: { requestId: id } }]);
    const [row] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row).toMatchObject({ payoutStatus: 'pending', payoutClaimedAt: newer, gatewayRefundId: null });
    await t.db.update(refundRequests).set({ payoutStatus: 'sent' }).where(eq(refundRequests.id, id));
  });
});
