import { OTP_PURPOSES } from '@tasreeh/shared';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

/** A login session; the bearer token names it, and every request checks it is still live. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last request seen, kept to the minute: a staff session ends after 30 idle minutes. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * A one-time code, stored hashed. `subject` is what it proves: a user id for a password
 * reset, a phone number for a phone check. A verified code yields a grant, good once.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').references(() => users.id),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    burnedAt: timestamp('burned_at', { withTimezone: true }),
    grantHash: text('grant_hash'),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    grantUsedAt: timestamp('grant_used_at', { withTimezone: true }),
    requestIp: text('request_ip'),
    ...timestamps,
  },
  (table) => [index('one_time_codes_subject_idx').on(table.purpose, table.subject, table.createdAt)],
);

/** Counters for rate limits: one row per key and window, shared by every API process. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartsAt: timestamp('window_starts_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Proof-of-work solutions already accepted, kept until their challenge expires: a solution is
 * good once, in every API process.
 */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_challenges_expires_at_idx').on(table.expiresAt)],
);
