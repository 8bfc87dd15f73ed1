import {
  CONTACT_FIELDS,
  CORPORATE_TYPES,
  EDUCATION_LEVELS,
  EMPLOYEE_TYPES,
  GENDERS,
  ID_TYPES,
  USER_TYPES,
} from '@tasreeh/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { timestamps } from './common.ts';

/** Privilege flags per resource id, as stored in a permission group. */
export type StoredPrivileges = Record<
  string,
  { read: boolean; create: boolean; edit: boolean; delete: boolean }
>;

export const permissionGroups = pgTable(
  'permission_groups',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    privileges: jsonb('privileges').$type<StoredPrivileges>().notNull().default({}),
    /** Null: a head-office group; otherwise the one branch whose staff may see, edit and use it. */
    branchId: integer('branch_id').references(() => branches.id),
    ...timestamps,
  },
  (table) => [
    // Names are unique per owner (head office, or one branch): coalesce makes head office one owner.
    uniqueIndex('permission_groups_name_en_key').on(
      sql`coalesce(${table.branchId}, 0)`,
      sql`lower(${table.nameEn})`,
    ),
    uniqueIndex('permission_groups_name_ar_key').on(sql`coalesce(${table.branchId}, 0)`, table.nameAr),
  ],
);

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * A name as lists order and search it by its beginning: lower-cased, compared code point by
 * code point whatever the database's collation (so a prefix is one range of its index).
 */
export function foldedName(name: PgColumn): SQL {
  return sql`lower(${name}) collate "C"`;
}

/**
 * The search text with the first character of each name left out: a term found in it (through
 * its trigram index) is found in the middle of a name or in another field; a term that begins
 * a name is found through that name's folded index instead (decision 0009).
 */
export function searchRestOf(user: {
  nameEn: PgColumn;
  nameAr: PgColumn;
  email: PgColumn;
  idNumber: PgColumn;
  phone: PgColumn;
  username: PgColumn;
}): SQL {
  return sql`substr(lower(${user.nameEn}), 2) || ' ' || substr(lower(${user.nameAr}), 2) || ' ' || lower(${user.email} || ' ' || coalesce(${user.idNumber}, '') || ' ' || coalesce(${user.phone}, '') || ' ' || coalesce(${user.username}, ''))`;
}

/** The domain of every demo e-mail (`superadmin@tasreeh.test`): `.test` is reserved, nobody's real address. */
export const DEMO_EMAIL_DOMAIN = 'tasreeh.test';

/**
 * A demo account: seeded as one, or with an e-mail of the demo domain (a demo account whose
 * password its user changed is still one). The demo index holds exactly these rows.
 */
export function isDemoAccount(user: { isDemo: PgColumn; email: PgColumn }): SQL {
  return sql`(${user.isDemo} or lower(${user.email}) like ${sql.raw(`'%@${DEMO_EMAIL_DOMAIN}'`)})`;
}

/** Every login of the product: staff, students, corporates, instructors and examiners. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: USER_TYPES }).notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    email: text('email').notNull(),
    username: text('username'),
    phone: text('phone'),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    employeeType: text('employee_type', { enum: EMPLOYEE_TYPES }),
    idType: text('id_type', { enum: ID_TYPES }),
    idNumber: text('id_number'),
    /** Hijri date of the ID's expiry as `YYYY-MM-DD` in the Umm al-Qura calendar. */
    idExpiryHijri: text('id_expiry_hijri'),
    dateOfBirth: date('date_of_birth'),
    permissionGroupId: integer('permission_group_id').references(() => permissionGroups.id),
    branchId: integer('branch_id').references(() => branches.id),
    passwordHash: text('password_hash').notNull(),
    /** Forces a password change at the next login (corporate first login). */
    changePassword: boolean('change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Seeded as demo data (with the published demo password): production refuses to start while one is usable. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Everything a list search matches, lower-cased, in one column with one trigram index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name_en || ' ' || name_ar || ' ' || email || ' ' || coalesce(id_number, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(username, ''))`,
    ),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_id_number_key').on(table.idNumber),
    // Phones are stored as E.164 (the shared PhoneNumber schema normalises every way of writing one).
    uniqueIndex('users_phone_key').on(table.phone),
    index('users_type_name_en_idx').on(table.type, table.nameEn, table.id),
    index('users_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // An ID number searched by its beginning (a prefix LIKE) walks this, whatever the collation.
    index('users_id_number_prefix_idx').using('btree', sql`${table.idNumber} text_pattern_ops`),
    // Lists sort by a folded name and search names by their beginning along these; each holds
    // the other folded name too, for a search in one language sorted by the other (decision 0009).
    index('users_type_folded_name_en_idx').on(table.type, foldedName(table.nameEn), foldedName(table.nameAr)),
    index('users_type_folded_name_ar_idx').on(table.type, foldedName(table.nameAr), foldedName(table.nameEn)),
    index('users_search_rest_trgm_idx').using('gin', sql`(${searchRestOf(table)}) gin_trgm_ops`),
    // The few demo accounts, found at every production start without reading the whole table.
    index('users_demo_idx').on(table.id).where(isDemoAccount(table)),
  ],
);

/** The Student fields of spec §3 beyond what every user has (names, e-mail, phone, ID number). */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    branchId: integer('branch_id').references(() => branches.id),
    nationality: text('nationality'),
    gender: text('gender', { enum: GENDERS }),
    regionCode: text('region_code'),
    cityId: text('city_id'),
    idExpiry: date('id_expiry'),
    idIssueSource: text('id_issue_source'),
    classification: text('classification'),
    occupation: text('occupation'),
    occupationInIqama: text('occupation_in_iqama'),
    passportNumber: text('passport_number'),
    computerNumber: text('computer_number'),
    education: text('education', { enum: EDUCATION_LEVELS }),
    photoFileId: uuid('photo_file_id').references(() => files.id),
    idCopyFileId: uuid('id_copy_file_id').references(() => files.id),
    /** The corporate that books for this student, if any. */
    corporateId: integer('corporate_id').references((): AnyPgColumn => corporates.id),
    /** A held student cannot book or sit exams until un-held; the reason is kept with it. */
    onHold: boolean('on_hold').notNull().default(false),
    holdReason: text('hold_reason'),
    ...timestamps,
  },
  (table) => [
    index('students_branch_idx').on(table.branchId, table.id),
    index('students_created_at_idx').on(table.createdAt, table.id),
    index('students_corporate_idx').on(table.corporateId),
  ],
);

/**
 * A change of a student's or corporate's login e-mail or phone waiting for its code: at most one
 * per account (a new request replaces it). The code went to the new contact; it is stored as a
 * keyed hash, lives 5 minutes and takes 5 wrong tries. The row goes once the change is made.
 */
export const contactChanges = pgTable('contact_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Names this code: its hash is keyed by it, so that a code of an earlier request never fits. */
  codeId: uuid('code_id').notNull(),
  field: text('field', { enum: CONTACT_FIELDS }).notNull(),
  newValue: text('new_value').notNull(),
  codeHash: text('code_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  requestedByUserId: integer('requested_by_user_id').references(() => users.id),
  ...timestamps,
});

export const corporates = pgTable('corporates', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  crNumber: text('cr_number').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  crExpiry: date('cr_expiry'),
  activityLicenceNumber: text('activity_licence_number'),
  activityLicenceExpiry: date('activity_licence_expiry'),
  vatNumber: text('vat_number'),
  subMunicipalityLicenceNumber: text('sub_municipality_licence_number'),
  subMunicipalityCode: text('sub_municipality_code'),
  subMunicipalityExpiry: date('sub_municipality_expiry'),
  municipality: text('municipality'),
  type: text('type', { enum: CORPORATE_TYPES }),
  category: text('category'),
  guarantorNameAr: text('guarantor_name_ar'),
  guarantorIdNumber: text('guarantor_id_number'),
  guarantorComputerNumber: text('guarantor_computer_number'),
  representativeName: text('representative_name').notNull().default(''),
  representativeEmail: text('representative_email').notNull().default(''),
  representativePhone: text('representative_phone').notNull().default(''),
  headOfficeRegion: text('head_office_region').notNull().default('SA-01'),
  headOfficeCity: text('head_office_city').notNull().default('riyadh'),
  headOfficePhone: text('head_office_phone'),
  dimensionValue: text('dimension_value'),
  virtualIban: text('virtual_iban'),
  location: text('location'),
  ...timestamps,
});

/**
 * A stored file (beside the users: each points at the other, a photo at its file, a file at its
 * owner, so they share a file rather than import each other): the bytes live in the file store under `storage_key`, never under the name
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
