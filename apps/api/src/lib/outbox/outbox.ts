import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { type JobDefinition, type JobQueue, jobName } from '../jobs/queue.ts';
import type { MessageSender } from './senders.ts';

export type Channel = 'sms' | 'email';

/** The job that sends one queued message. */
export const SEND_MESSAGE = jobName<{ outboxId: number }>('outbox-send');

/** Tries of one message (the job's first try and its retries). */
const TRIES = 5;

/**
 * Queues a message: its row, and the job that sends it, both in `ctx.db`'s transaction (the
 * change that caused it), so the message exists and leaves if and only if that change commits.
 */
export async function enqueueMessage(
  ctx: { db: Db; jobs: JobQueue },
  message: { channel: Channel; recipient: string; subject?: string; body: string },
): Promise<void> {
  const [row] = await ctx.db
    .insert(outbox)
    .values({ ...message, subject: message.subject ?? null })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  await ctx.jobs.send(ctx.db, SEND_MESSAGE, { outboxId: row.id });
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

/**
 * Sends a queued message through its channel's sender and records the outcome on its row. A
 * failed send is recorded and thrown, so the runner tries again later (backoff); the fifth failure
 * marks the row `failed`. When `redactSent` is set the text of a message that has left (which
 * holds a code), or never will, is wiped.
 */
export function sendMessageJob(options: {
  db: Db;
  senders: Record<Channel, MessageSender>;
  log: FastifyBaseLogger;
  redactSent: boolean;
}): JobDefinition<{ outboxId: number }> {
  const { db, senders, log, redactSent } = options;
  return {
    name: SEND_MESSAGE.name,
    retryLimit: TRIES - 1,
    // A message queued before messages were jobs (migration 0030) still leaves.
    waiting: {
      rows: async (tx) =>
        await tx.select({ outboxId: outbox.id }).from(outbox).where(eq(outbox.status, 'pending')),
      by: 'outboxId',
    },
    async run([job]) {
      if (!job) return;
      const pending = and(eq(outbox.id, job.data.outboxId), eq(outbox.status, 'pending'));
      const [message] = await db.select().from(outbox).where(pending);
      // Sent already (a retry after the send was recorded) or given up: nothing to do.
      if (!message) return;
      const sender = senders[message.channel];
      const attempts = message.attempts + 1;
      try {
        await sender.send(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'send failed';
        const gaveUp = attempts >= TRIES;
        await db
          .update(outbox)
          .set({
            attempts,
            lastError: reason,
            status: gaveUp ? 'failed' : 'pending',
            ...(redactSent && gaveUp ? { body: '' } : {}),
          })
          .where(pending);
        log.warn(
          { outboxId: message.id, channel: message.channel, sender: sender.name, reason },
          'outbox send failed',
        );
        throw error;
      }
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), attempts, ...(redactSent ? { body: '' } : {}) })
        .where(pending);
    },
  };
}
