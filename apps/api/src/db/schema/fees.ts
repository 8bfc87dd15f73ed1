import { AMANA_FEE_KINDS, FEE_SERVICES, LEDGER_ROLES } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

/** What a service costs (fees-setup): halalas, and basis points for rates. */
export const feeSetups = pgTable(
  'fee_setups',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    service: text('service', { enum: FEE_SERVICES }).notNull(),
    originalFee: bigint('original_fee', { mode: 'number' }).notNull(),
    amanaFeeKind: text('amana_fee_kind', { enum: AMANA_FEE_KINDS }).notNull(),
    /** Halalas for an amount, basis points for a percent of the original fee. */
    amanaFee: bigint('amana_fee', { mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull(),
    vatOnOriginal: boolean('vat_on_original').notNull(),
    vatOnAmana: boolean('vat_on_amana').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('fee_setups_name_en_key').on(sql`lower(${table.nameEn})`),
    uniqueIndex('fee_setups_name_ar_key').on(table.nameAr),
  ],
);

/** Where finance books revenue (ledger-setup); one row per combination of its five segments. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    department: text('department').notNull(),
    businessUnit: text('business_unit').notNull(),
    organization: text('organization').notNull(),
    naturalAccount: text('natural_account').notNull(),
    mainAccount: text('main_account').notNull(),
    /** What the system posts to it (cash, revenue, VAT…); each role names at most one account. */
    role: text('role', { enum: LEDGER_ROLES }).unique(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ledger_accounts_segments_key').on(
      table.organization,
      table.businessUnit,
      table.department,
      table.naturalAccount,
      table.mainAccount,
    ),
  ],
);
