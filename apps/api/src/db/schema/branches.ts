import { BRANCH_STATUSES, BRANCH_TYPES } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

/** A training centre's branch (spec §3 Branch); rent in halalas. */
export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    type: text('type', { enum: BRANCH_TYPES }).notNull().default('main'),
    regionCode: text('region_code').notNull().default('SA-01'),
    cityId: text('city_id').notNull().default('riyadh'),
    baladiyaCode: text('baladiya_code'),
    civilDefenseCode: text('civil_defense_code'),
    civilDefenseExpiry: date('civil_defense_expiry'),
    crExpiry: date('cr_expiry'),
    rentAmount: bigint('rent_amount', { mode: 'number' }),
    rentDueDate: date('rent_due_date'),
    status: text('status', { enum: BRANCH_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('branches_name_en_key').on(sql`lower(${table.nameEn})`),
    uniqueIndex('branches_name_ar_key').on(table.nameAr),
  ],
);

/** A room of a branch; its capacity is the seats a session in it can sell. */
export const classrooms = pgTable(
  'classrooms',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('classrooms_branch_name_key').on(table.branchId, sql`lower(${table.name})`)],
);
