import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MessageSender } from './senders.ts';

export type Channel = 'sms' | 'email';

/** Queues a message; call it in the transaction of what caused it, so both happen or neither. */
export async function enqueueMessage(
  db: Db,
  message: { channel: Channel; recipient: string; subject?: string; body: string },
): Promise<void> {
  await db.insert(outbox).values({ ...message, subject: message.subject ?? null });
}

/** The newest messages, as the development outbox shows them. */
export async function latestMessages(db: Db, limit: number) {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    text: row.body,
    status: row.status,
    createdAt: row.createdAt,
  }));
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;
const CLAIM_TIMEOUT = '5 minutes';

export interface OutboxDispatcher {
  /** Sends what is pending now; returns how many were sent. */
  flush(): Promise<number>;
  start(intervalMs: number): void;
  stop(): void;
}

/**
 * Sends pending messages through the channel's sender. When `redactSent` is set the text of a
 * sent message (which holds a code) is wiped once it has left.
 */
export function createOutboxDispatcher(options: {
  db: Db;
  senders: Record<Channel, MessageSender>;
  log: FastifyBaseLogger;
  redactSent: boolean;
}): OutboxDispatcher {
  const { db, senders, log, redactSent } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /**
   * Takes up to a batch of pending messages for this process alone (SKIP LOCKED), so that
   * several API processes never send one message twice. A claim left by a crashed process
   * is taken again after CLAIM_TIMEOUT.
   */
  async function claimBatch() {
    return db.transaction(async (tx) => {
      const claimable = or(
        and(eq(outbox.status, 'pending'), lt(outbox.attempts, MAX_ATTEMPTS)),
        and(eq(outbox.status, 'sending'), lt(outbox.claimedAt, sql`now() - ${CLAIM_TIMEOUT}::interval`)),
      );
      const ids = tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(claimable)
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return tx
        .update(outbox)
        .set({ status: 'sending', claimedAt: sql`now()` })
        .where(inArray(outbox.id, ids))
        .returning();
    });
  }

  async function sendBatch(): Promise<number> {
    const pending = (await claimBatch()).sort((a, b) => a.id - b.id);
    let sent = 0;
    for (const message of pending) {
      const sender = senders[message.channel];
      try {
        await sender.send(message);
        await db
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: message.attempts + 1,
            ...(redactSent ? { body: '' } : {}),
          })
          .where(eq(outbox.id, message.id));
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : 'send failed';
        const gaveUp = attempts >= MAX_ATTEMPTS;
        await db
          .update(outbox)
          .set({
            attempts,
            lastError: reason,
            status: gaveUp ? 'failed' : 'pending',
            // A message that will never leave keeps no code either.
            ...(redactSent && gaveUp ? { body: '' } : {}),
          })
          .where(eq(outbox.id, message.id));
        log.warn(
          { outboxId: message.id, channel: message.channel, sender: sender.name, reason },
          'outbox send failed',
        );
      }
    }
    return sent;
  }

  function flush(): Promise<number> {
    running ??= sendBatch().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    flush,
    start(intervalMs) {
      timer ??= setInterval(() => {
        flush().catch((error: unknown) => log.error({ err: error }, 'outbox flush failed'));
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
