import type { MessageCode } from '@tasreeh/shared';
import { and, asc, eq, gte, inArray, isNull, lt, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Deps } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { payments, refundRequests } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { backgroundTick } from '../../lib/background.ts';
import { type CardGateway, gatewayFor } from '../payments/gateway.ts';

const MAX_ATTEMPTS = 5;
/** Requests one flush sends at most (each claimed just before it is sent). */
const BATCH = 20;
/**
 * A claim older than this is of a process that died. One request is claimed at a time, right
 * before it is sent, and a send takes at most about 45 s (three gateway calls of 15 s), so a
 * live process's claim never gets this old.
 */
const CLAIM_TIMEOUT = sql`now() - '5 minutes'::interval`;

export interface PayoutDispatcher {
  /**
   * Sends the card refunds pending now (committed before this call), each tried once; returns
   * how many were sent.
   */
  flush(): Promise<number>;
  /** Sends this one request now when it is free to go (else the timer sends it); true when sent. */
  sendNow(requestId: number): Promise<boolean>;
  start(intervalMs: number): void;
  /** Stops the timer; resolves when a flush under way has finished. */
  stop(): Promise<void>;
}

/** The key that makes the gateway refund a request once, however often it is asked. */
export const payoutKeyOf = (requestId: number) => `refund-request-${requestId}`;

/** The code of the message a failed send leaves on the request (shown translated). */
export const payoutErrorOf = (error: unknown): MessageCode =>
  error instanceof AppError ? error.code : 'REFUND_PAYOUT_REFUSED';

const others = alias(refundRequests, 'others');

/**
 * The payout queue (the outbox way): an approved card refund is committed as `pending`, and this
 * dispatcher sends it through the gateway afterwards, so money never leaves without a record of
 * it. A claim is a time stamp taken under `FOR UPDATE SKIP LOCKED` (two processes never take one
 * request) one request at a time, just before it is sent, taken again after a few minutes when its
 * process died; the send's answer is recorded only while that claim is still the request's, and
 * each request is sent with its own key, so a second send after a crash refunds nothing more. A
 * payment's refunds go out one at a time, in order (a request waits while an earlier one of its
 * payment is pending or failed), so what was refunded before each one is known (the Moyasar
 * adapter relies on it).
 */
export function createPayoutDispatcher(options: {
  db: Db;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}): PayoutDispatcher {
  const { db, gateway, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Claims the first request free to go (of `only`, or not of `skip`), or none. */
  async function claimOne(filter: { only?: number; skip?: number[] }) {
    return db.transaction(async (tx) => {
      const free = or(
        isNull(refundRequests.payoutClaimedAt),
        lt(refundRequests.payoutClaimedAt, CLAIM_TIMEOUT),
      );
      // An earlier request of the payment not sent yet (a failed one's money may have left: it
      // waits to be retried), or another one being sent now.
      const aheadOrInFlight = tx
        .select({ id: others.id })
        .from(others)
        .where(
          and(
            eq(others.paymentId, refundRequests.paymentId),
            ne(others.id, refundRequests.id),
            inArray(others.payoutStatus, ['pending', 'failed']),
            or(lt(others.id, refundRequests.id), gte(others.payoutClaimedAt, CLAIM_TIMEOUT)),
          ),
        );
      const ids = tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(
          and(
            eq(refundRequests.payoutStatus, 'pending'),
            free,
            notExists(aheadOrInFlight),
            filter.only === undefined ? undefined : eq(refundRequests.id, filter.only),
            filter.skip?.length ? notInArray(refundRequests.id, filter.skip) : undefined,
          ),
        )
        .orderBy(asc(refundRequests.id))
        .limit(1)
        .for('update', { skipLocked: true });
      const [claimed] = await tx
        .update(refundRequests)
        .set({ payoutClaimedAt: sql`now()` })
        .where(inArray(refundRequests.id, ids))
        .returning();
      return claimed;
    });
  }

  /** What our records say went back to the card of a payment before this request. */
  async function sentBefore(paymentId: number, requestId: number): Promise<number> {
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

  async function send(request: typeof refundRequests.$inferSelect): Promise<boolean> {
    const attempts = request.payoutAttempts + 1;
    // Still our claim: a process whose claim timed out and was taken again records nothing.
    const ours = and(
      eq(refundRequests.id, request.id),
      eq(refundRequests.payoutStatus, 'pending'),
      request.payoutClaimedAt ? eq(refundRequests.payoutClaimedAt, request.payoutClaimedAt) : undefined,
    );
    try {
      const [payment] = await db.select().from(payments).where(eq(payments.id, request.paymentId));
      if (!payment?.gatewayPaymentId) throw new Error('the payment has no card gateway reference');
      const { refundId } = await gateway.refund(payment.gatewayPaymentId, request.amount, {
        key: payoutKeyOf(request.id),
        refundedBefore: await sentBefore(payment.id, request.id),
      });
      const recorded = await db
        .update(refundRequests)
        .set({
          payoutStatus: 'sent',
          payoutAttempts: attempts,
          payoutError: null,
          payoutClaimedAt: null,
          payoutSentAt: new Date(),
          gatewayRefundId: refundId,
        })
        .where(ours)
        .returning({ id: refundRequests.id });
      return recorded.length > 0;
    } catch (error) {
      await db
        .update(refundRequests)
        .set({
          payoutStatus: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          payoutAttempts: attempts,
          payoutError: payoutErrorOf(error),
          payoutClaimedAt: null,
        })
        .where(ours);
      log.warn(
        { refundRequestId: request.id, gateway: gateway.name, err: error, attempts },
        'card refund failed',
      );
      return false;
    }
  }

  async function sendBatch(): Promise<number> {
    let sent = 0;
    const tried: number[] = [];
    while (tried.length < BATCH) {
      const request = await claimOne({ skip: tried });
      if (!request) break;
      tried.push(request.id);
      if (await send(request)) sent++;
    }
    return sent;
  }

  function flushNow(): Promise<number> {
    running ??= sendBatch().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    // A batch already under way may have passed what was just committed: it is waited for, and a
    // batch of this call's own follows.
    async flush() {
      await running?.catch(() => 0);
      return flushNow();
    },
    async sendNow(requestId) {
      const request = await claimOne({ only: requestId });
      return request ? send(request) : false;
    },
    start(intervalMs) {
      const tick = backgroundTick('the refund payouts', log, flushNow);
      timer ??= setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}

const dispatchers = new WeakMap<Deps, PayoutDispatcher>();

/** The one payout dispatcher of an app: its routes flush it, main.ts runs it on a timer. */
export function payoutDispatcherOf(app: FastifyInstance): PayoutDispatcher {
  let dispatcher = dispatchers.get(app.deps);
  if (!dispatcher) {
    dispatcher = createPayoutDispatcher({
      db: app.deps.db,
      gateway: gatewayFor(app.deps.config),
      log: app.log,
    });
    dispatchers.set(app.deps, dispatcher);
  }
  return dispatcher;
}
