import { and, asc, eq, gte, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Deps } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { payments, refundRequests } from '../../db/schema/index.ts';
import { type CardGateway, gatewayFor } from '../payments/gateway.ts';

const MAX_ATTEMPTS = 5;
const BATCH = 20;
const CLAIM_TIMEOUT = sql`now() - '5 minutes'::interval`;

export interface PayoutDispatcher {
  /** Sends the card refunds pending now (committed before this call); returns how many were sent. */
  flush(): Promise<number>;
  start(intervalMs: number): void;
  stop(): void;
}

/** The key that makes the gateway refund a request once, however often it is asked. */
export const payoutKeyOf = (requestId: number) => `refund-request-${requestId}`;

const others = alias(refundRequests, 'others');

/**
 * The payout queue (the outbox way): an approved card refund is committed as `pending`, and this
 * dispatcher sends it through the gateway afterwards, so money never leaves without a record of
 * it. A claim is a time stamp taken under `FOR UPDATE SKIP LOCKED` (two processes never take one
 * request), taken again after a few minutes when its process died; each request is sent with its
 * own key, so a second send after a crash refunds nothing more. A payment's refunds go out one at
 * a time, in order (a request waits while an earlier one of its payment is pending), so what was
 * refunded before each one is known (the Moyasar adapter relies on it).
 */
export function createPayoutDispatcher(options: {
  db: Db;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}): PayoutDispatcher {
  const { db, gateway, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claimBatch() {
    return db.transaction(async (tx) => {
      const free = or(
        isNull(refundRequests.payoutClaimedAt),
        lt(refundRequests.payoutClaimedAt, CLAIM_TIMEOUT),
      );
      const aheadOrInFlight = tx
        .select({ id: others.id })
        .from(others)
        .where(
          and(
            eq(others.paymentId, refundRequests.paymentId),
            ne(others.id, refundRequests.id),
            eq(others.payoutStatus, 'pending'),
            or(lt(others.id, refundRequests.id), gte(others.payoutClaimedAt, CLAIM_TIMEOUT)),
          ),
        );
      const ids = tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(and(eq(refundRequests.payoutStatus, 'pending'), free, notExists(aheadOrInFlight)))
        .orderBy(asc(refundRequests.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return tx
        .update(refundRequests)
        .set({ payoutClaimedAt: sql`now()` })
        .where(inArray(refundRequests.id, ids))
        .returning();
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
    const ours = and(eq(refundRequests.id, request.id), eq(refundRequests.payoutStatus, 'pending'));
    try {
      const [payment] = await db.select().from(payments).where(eq(payments.id, request.paymentId));
      if (!payment?.gatewayPaymentId) throw new Error('the payment has no card gateway reference');
      const { refundId } = await gateway.refund(payment.gatewayPaymentId, request.amount, {
        key: payoutKeyOf(request.id),
        refundedBefore: await sentBefore(payment.id, request.id),
      });
      await db
        .update(refundRequests)
        .set({
          payoutStatus: 'sent',
          payoutAttempts: attempts,
          payoutError: null,
          payoutClaimedAt: null,
          payoutSentAt: new Date(),
          gatewayRefundId: refundId,
        })
        .where(ours);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'refund failed';
      await db
        .update(refundRequests)
        .set({
          payoutStatus: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          payoutAttempts: attempts,
          payoutError: reason,
          payoutClaimedAt: null,
        })
        .where(ours);
      log.warn(
        { refundRequestId: request.id, gateway: gateway.name, reason, attempts },
        'card refund failed',
      );
      return false;
    }
  }

  async function sendBatch(): Promise<number> {
    let sent = 0;
    for (const request of (await claimBatch()).sort((a, b) => a.id - b.id)) {
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
    // A batch already under way may have been claimed before what was just committed: it is
    // waited for, and a batch of this call's own follows.
    async flush() {
      await running?.catch(() => 0);
      return flushNow();
    },
    start(intervalMs) {
      timer ??= setInterval(() => {
        flushNow().catch((error: unknown) => log.error({ err: error }, 'refund payouts flush failed'));
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
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
