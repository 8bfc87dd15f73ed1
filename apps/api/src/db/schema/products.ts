import { PRODUCT_STATUSES, PRODUCT_TYPES } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { files } from './users.ts';

/** What the centre sells besides courses (spec §3 Product): price in halalas, VAT in basis points. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    price: bigint('price', { mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull().default(1500),
    /** A public image (no personal data) in the file store. */
    imageFileId: uuid('image_file_id').references(() => files.id),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** Code and both names, lower-cased, in one column with one trigram index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(code || ' ' || name_en || ' ' || name_ar)`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('products_code_key').on(table.code),
    uniqueIndex('products_name_en_key').on(sql`lower(${table.nameEn})`),
    uniqueIndex('products_name_ar_key').on(table.nameAr),
    index('products_status_name_en_idx').on(table.status, table.nameEn, table.id),
    index('products_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('products_price_positive', sql`${table.price} > 0`),
    check('products_vat_rate_range', sql`${table.vatRate} between 0 and 10000`),
  ],
);
