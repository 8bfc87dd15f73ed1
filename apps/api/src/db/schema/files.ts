import { type AnyPgColumn, bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A stored file: the bytes live in the file store under `storage_key`, never under the name
 * the uploader gave. `owner_user_id` is whose personal data it is.
 */
export const files = pgTable('files', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  ownerUserId: integer('owner_user_id').references((): AnyPgColumn => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
