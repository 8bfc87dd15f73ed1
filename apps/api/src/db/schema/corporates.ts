import { CORPORATE_ATTACHMENT_KINDS } from '@tasreeh/shared';
import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { corporates, files } from './users.ts';

/**
 * A corporate's optional copies (spec §3: commercial register copy, licence copy): at most one
 * stored file per kind; replacing one removes the old file.
 */
export const corporateAttachments = pgTable(
  'corporate_attachments',
  {
    corporateId: integer('corporate_id')
      .notNull()
      .references(() => corporates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CORPORATE_ATTACHMENT_KINDS }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.corporateId, table.kind] })],
);
