import { EXAM_SESSION_TYPES, SESSION_KINDS, SESSION_STATUSES, TRAINING_TYPES } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches, classrooms } from './branches.ts';
import { timestamps } from './common.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

/**
 * A session (DESIGN §5 Sessions and seats): a training cohort of a course or a sitting of its
 * exam, at a branch, in a room (none when Remote), between two instants. `capacity` comes from
 * the room (a Remote session has its own); `seats_taken` moves only by one conditional write in
 * a booking's transaction. Clashes of a room or a staff member at overlapping times are refused
 * by exclusion constraints (migration 0019).
 */
export const scheduledSessions = pgTable(
  'scheduled_sessions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    classroomId: integer('classroom_id').references(() => classrooms.id),
    /** Remote or In Person (spec §3 Booking training type). */
    delivery: text('delivery', { enum: TRAINING_TYPES }).notNull(),
    /** The language taught or examined in (ISO 639-1), not the interface language. */
    language: text('language').notNull(),
    /** Exam sessions only: Assessment, ReAssessment or ReTake. */
    examType: text('exam_type', { enum: EXAM_SESSION_TYPES }),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    /** The instructor of a training session, the examiner of an exam session. */
    staffUserId: integer('staff_user_id').references(() => users.id),
    /** The sessions made together by one weekly repeat. */
    seriesId: uuid('series_id'),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('scheduled'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    ...timestamps,
  },
  (table) => [
    index('scheduled_sessions_starts_at_idx').on(table.startsAt, table.id),
    index('scheduled_sessions_branch_starts_at_idx').on(table.branchId, table.startsAt),
    index('scheduled_sessions_course_starts_at_idx').on(table.courseId, table.startsAt),
    index('scheduled_sessions_staff_starts_at_idx').on(table.staffUserId, table.startsAt),
    index('scheduled_sessions_series_idx').on(table.seriesId),
    check('scheduled_sessions_time_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'scheduled_sessions_seats_check',
      sql`${table.capacity} > 0 and ${table.seatsTaken} >= 0 and ${table.seatsTaken} <= ${table.capacity}`,
    ),
    check('scheduled_sessions_kind_check', sql`(${table.kind} = 'exam') = (${table.examType} is not null)`),
    check(
      'scheduled_sessions_room_check',
      sql`(${table.delivery} = 'remote') = (${table.classroomId} is null)`,
    ),
  ],
);
