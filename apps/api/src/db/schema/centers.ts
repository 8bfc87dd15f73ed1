import { CENTER_KINDS, CENTER_STATUSES } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { files, users } from './users.ts';

/**
 * Training and medical centres: their registration request and, once approved, the centre.
 * The centre's one login is `user_id` (its e-mail and mobile live on the user row).
 */
export const centers = pgTable(
  'centers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    kind: text('kind', { enum: CENTER_KINDS }).notNull(),
    status: text('status', { enum: CENTER_STATUSES }).notNull().default('pending'),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    crNumber: text('cr_number').notNull().unique(),
    crExpiry: date('cr_expiry').notNull(),
    /** TVTC licence (training) or MOH licence (medical). */
    licenceNumber: text('licence_number').notNull(),
    licenceExpiry: date('licence_expiry').notNull(),
    vatNumber: text('vat_number').notNull(),
    regionCode: text('region_code').notNull(),
    cityId: text('city_id').notNull(),
    address: text('address').notNull(),
    contactName: text('contact_name').notNull(),
    crCopyFileId: uuid('cr_copy_file_id').references(() => files.id),
    licenceCopyFileId: uuid('licence_copy_file_id').references(() => files.id),
    rejectionReason: text('rejection_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('centers_kind_name_en_key').on(table.kind, sql`lower(${table.nameEn})`),
    uniqueIndex('centers_kind_name_ar_key').on(table.kind, table.nameAr),
    index('centers_kind_status_created_idx').on(table.kind, table.status, table.createdAt, table.id),
    index('centers_status_created_idx').on(table.status, table.createdAt, table.id),
  ],
);
