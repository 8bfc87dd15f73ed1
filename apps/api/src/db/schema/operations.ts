import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/** Messages waiting to leave (SMS, e-mail); written in the same transaction as what caused them. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('outbox_status_idx').on(table.status, table.id)],
);

/** Who changed what, when: before and after, for every change that matters. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_entity_idx').on(table.entity, table.entityId)],
);

/**
 * The first answer to each `Idempotency-Key`, per caller: a retry with the same key and the same
 * request gets this answer back instead of changing anything twice. Written in the transaction of
 * the change it answers for, so a key is stored exactly when its change committed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    /** Whose key: the caller's user id, or `anonymous` for public writes (registration). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The command's name and a hash of its input: the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_scope_key_idx').on(table.scope, table.key),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
