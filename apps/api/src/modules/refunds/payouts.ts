import type { MessageCode } from '@tasreeh/shared';
import { and, asc, eq, gte, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments, refundRequests } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CommandCtx } from '../../lib/command.ts';
import { type JobDefinition, type JobQueue, jobName } from '../../lib/jobs/queue.ts';
import type { CardGateway } from '../money/index.ts';
import { lockPayment } from '../money/index.ts';

/** The request's own count of tries: after the fifth refusal it is `failed`, for staff to retry. */
const MAX_PAYOUT_ATTEMPTS = 5;

/** One approved card refund to send through the gateway. */
export const REFUND_PAYOUT = jobName<{ requestId: number }>('refund-payout');

/**
 * A request being sent is leased to its job for this long. A send takes at most about 45 s (three
 * gateway calls of 15 s), so only a job whose process died holds an older lease; the runner gives
 * that job to another process later (its own expiry), which takes the lease again.
 */
const LEASE_TIMEOUT = sql`now() - '5 minutes'::interval`;

/** The key that makes the gateway refund a request once, however often it is asked. */
const payoutKeyOf = (requestId: number) => `refund-request-${requestId}`;

/** The code of the message a failed send leaves on the request (shown translated). */
const payoutErrorOf = (error: unknown): MessageCode =>
  error instanceof AppError ? error.code : 'REFUND_PAYOUT_REFUSED';

/** Queues the sending of a card refund in the command's transaction (an approval, a retry). */
export const queuePayout = (ctx: CommandCtx, requestId: number) => ctx.enqueue(REFUND_PAYOUT, { requestId });

const others = alias(refundRequests, 'others');

/**
 * Takes the lease of a pending request when it is free to go: no live lease on it, and no other
 * request of its payment ahead of it unsent (a failed one's money may have left: it waits to be
 * retried) or being sent now. A payment's refunds so go out one at a time, in order, so what was
 * refunded before each is known (the Moyasar adapter relies on it). One statement: two jobs of one
 * request never both hold it.
 */
async function leaseUnlocked(db: Db, requestId: number) {
  const aheadOrInFlight = db
    .select({ id: others.id })
    .from(others)
    .where(
      and(
        eq(others.paymentId, refundRequests.paymentId),
        ne(others.id, refundRequests.id),
        inArray(others.payoutStatus, ['pending', 'failed']),
        or(lt(others.id, refundRequests.id), gte(others.payoutClaimedAt, LEASE_TIMEOUT)),
      ),
    );
  const [leased] = await db
    .update(refundRequests)
    .set({ payoutClaimedAt: sql`now()` })
    .where(
      and(
        eq(refundRequests.id, requestId),
        eq(refundRequests.payoutStatus, 'pending'),
        or(isNull(refundRequests.payoutClaimedAt), lt(refundRequests.payoutClaimedAt, LEASE_TIMEOUT)),
        notExists(aheadOrInFlight),
      ),
    )
    .returning();
  return leased;
}

/**
 * The lease, taken under the payment's row lock (the lock an approval and `recordSent` hold), so
 * that an approval committing meanwhile is seen: two refunds of one payment are never in flight.
 * Besides the leased request, says whether the request is being sent by another job right now.
 */
async function lease(db: Db, requestId: number) {
  return db.transaction(async (tx) => {
    const [named] = await tx
      .select({ paymentId: refundRequests.paymentId })
      .from(refundRequests)
      .where(eq(refundRequests.id, requestId));
    if (!named) return { leased: undefined, sentElsewhere: false };
    await lockPayment(tx, named.paymentId);
    const leased = await leaseUnlocked(tx, requestId);
    if (leased) return { leased, sentElsewhere: false };
    const [current] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(
        and(
          eq(refundRequests.id, requestId),
          eq(refundRequests.payoutStatus, 'pending'),
          gte(refundRequests.payoutClaimedAt, LEASE_TIMEOUT),
        ),
      );
    return { leased: undefined, sentElsewhere: current !== undefined };
  });
}

/** What our records say went back to the card of a payment before this request. */
async function sentBefore(db: Db, paymentId: number, requestId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refundRequests.amount}), 0)` })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.paymentId, paymentId),
        ne(refundRequests.id, requestId),
        eq(refundRequests.payoutStatus, 'sent'),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The payout job: an approved card refund, committed as `pending` with this job, is sent through
 * the gateway afterwards, so money never leaves without a record of it. The send's answer is
 * recorded only while the lease is still the job's, and each request is sent with its own key, so
 * a second send after a crash refunds nothing more. A refused send is recorded on the request
 * (its attempts, the message) and thrown, so the runner tries again with a growing wait; the fifth
 * refusal leaves the request `failed` and the job done. A request held back behind an earlier one
 * of its payment is done here: the earlier one's send queues it when it is sent.
 */
export function refundPayoutJob(options: {
  db: Db;
  jobs: JobQueue;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}): JobDefinition<{ requestId: number }> {
  const { db, jobs, gateway, log } = options;

  /**
   * Records a sent refund and, under its payment's lock, queues the first other pending refund of
   * the payment (held back behind this one, whatever its id: one approved earlier may have a lower one).
   */
  async function recordSent(request: typeof refundRequests.$inferSelect, refundId: string) {
    await db.transaction(async (tx) => {
      // The approval of a later request holds this lock too: it commits before or after this, never unseen.
      await lockPayment(tx, request.paymentId);
      const recorded = await tx
        .update(refundRequests)
        .set({
          payoutStatus: 'sent',
          payoutAttempts: request.payoutAttempts + 1,
          payoutError: null,
          payoutClaimedAt: null,
          payoutSentAt: new Date(),
          gatewayRefundId: refundId,
        })
        .where(stillLeased(request))
        .returning({ id: refundRequests.id });
      if (recorded.length === 0) return;
      const [next] = await tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(
          and(
            eq(refundRequests.paymentId, request.paymentId),
            ne(refundRequests.id, request.id),
            eq(refundRequests.payoutStatus, 'pending'),
          ),
        )
        .orderBy(asc(refundRequests.id))
        .limit(1);
      if (next) await jobs.send(tx, REFUND_PAYOUT, { requestId: next.id });
    });
  }

  async function send(requestId: number): Promise<void> {
    const { leased: request, sentElsewhere } = await lease(db, requestId);
    // Leased by a job that may have died (its process, or a failed record of a refused try): this
    // job runs again after its wait and takes the lease once it has run out, or finds it sent.
    if (sentElsewhere) throw new Error(`refund request ${requestId} is being sent by another job`);
    // Not pending any more, or held back behind another refund of its payment (whose send queues it).
    if (!request) return;
    const attempts = request.payoutAttempts + 1;
    let refundId: string;
    try {
      const [payment] = await db.select().from(payments).where(eq(payments.id, request.paymentId));
      if (!payment?.gatewayPaymentId) throw new Error('the payment has no card gateway reference');
      ({ refundId } = await gateway.refund(payment.gatewayPaymentId, request.amount, {
        key: payoutKeyOf(request.id),
        refundedBefore: await sentBefore(db, payment.id, request.id),
      }));
    } catch (error) {
      const failed = attempts >= MAX_PAYOUT_ATTEMPTS;
      await db
        .update(refundRequests)
        .set({
          payoutStatus: failed ? 'failed' : 'pending',
          payoutAttempts: attempts,
          payoutError: payoutErrorOf(error),
          payoutClaimedAt: null,
        })
        .where(stillLeased(request));
      log.warn(
        { refundRequestId: request.id, gateway: gateway.name, err: error, attempts },
        'card refund failed',
      );
      if (!failed) throw error;
      return;
    }
    // The gateway has refunded: a failure to record it is not a refusal. The job runs again, keeps
    // the lease once it has run out, and the adapter finds the refund made and sends nothing more.
    await recordSent(request, refundId);
  }

  return {
    name: REFUND_PAYOUT.name,
    // The request counts its own tries; these spare ones cover a try lost with its process.
    retryLimit: MAX_PAYOUT_ATTEMPTS + 1,
    retryDelaySeconds: 30,
    // A card refund approved before payouts were jobs, or whose job ran out on crashes, still leaves.
    waiting: {
      rows: (tx) =>
        tx
          .select({ requestId: refundRequests.id })
          .from(refundRequests)
          .where(eq(refundRequests.payoutStatus, 'pending')),
      by: 'requestId',
    },
    async run(due) {
      for (const job of due) await send(job.data.requestId);
    },
  };
}

/** Still this send's lease: a job whose lease ran out and was taken again records nothing. */
function stillLeased(request: typeof refundRequests.$inferSelect) {
  return and(
    eq(refundRequests.id, request.id),
    eq(refundRequests.payoutStatus, 'pending'),
    request.payoutClaimedAt ? eq(refundRequests.payoutClaimedAt, request.payoutClaimedAt) : undefined,
  );
}
