import {
  COURSE_LEVELS,
  COURSE_SECTORS,
  COURSE_STATUSES,
  COURSE_WIZARD_STEPS,
  TRAINING_LANGUAGES,
  TRAINING_TYPES,
} from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { feeSetups } from './fees.ts';
import { files, users } from './users.ts';

/** A course (spec §3 Course: name, language, level, image, fees), built by the add-new-course wizard. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    sector: text('sector', { enum: COURSE_SECTORS }).notNull(),
    /** The language the course is taught in (ISO 639), not the interface language. */
    language: text('language', { enum: TRAINING_LANGUAGES }).notNull(),
    level: text('level', { enum: COURSE_LEVELS }).notNull(),
    feeSetupId: integer('fee_setup_id')
      .notNull()
      .references(() => feeSetups.id),
    imageFileId: uuid('image_file_id').references(() => files.id),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('active'),
    /** The last wizard step completed: details → sessions → exam (complete). */
    wizardStep: text('wizard_step', { enum: COURSE_WIZARD_STEPS }).notNull().default('details'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /** Both names, lower-cased, for the list search (trigram index). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name_en || ' ' || name_ar)`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('courses_name_en_key').on(sql`lower(${table.nameEn})`),
    uniqueIndex('courses_name_ar_key').on(table.nameAr),
    index('courses_created_at_idx').on(table.createdAt, table.id),
    index('courses_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Step 2 "Sessions": a course's sessions in order; saved as a whole list. */
export const courseSessions = pgTable(
  'course_sessions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    trainingType: text('training_type', { enum: TRAINING_TYPES }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('course_sessions_course_position_key').on(table.courseId, table.position),
    check('course_sessions_duration_check', sql`${table.durationMinutes} > 0`),
  ],
);
