import { BOOKING_CHANNELS, BOOKING_PAYMENT_TYPES, BOOKING_STATUSES, PAYMENT_TIMINGS } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { scheduledSessions } from './scheduling.ts';
import { corporates, students, users } from './users.ts';

/**
 * A seat of a student in a session (DESIGN §5 Bookings). The price is fixed when booked, from
 * the course's fee setup through the shared money rules (halalas). `Pending Payment` holds the
 * seat until `hold_expires_at`; the server's sweep expires it. A student has at most one live
 * booking per session.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** The booking number shown to people (spec §3), `BK-` and the id. */
    number: text('number').notNull().generatedAlwaysAs(sql`'BK-' || lpad(id::text, 7, '0')`),
    sessionId: integer('session_id')
      .notNull()
      .references(() => scheduledSessions.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** The corporate that booked and pays, for a corporate's booking. */
    corporateId: integer('corporate_id').references(() => corporates.id),
    /** The bookings a corporate made together, all seats or none. */
    batchId: uuid('batch_id'),
    channel: text('channel', { enum: BOOKING_CHANNELS }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('Pending Payment'),
    paymentType: text('payment_type', { enum: BOOKING_PAYMENT_TYPES }).notNull().default('full'),
    paymentTiming: text('payment_timing', { enum: PAYMENT_TIMINGS }).notNull().default('Immediate'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, precision: 3 }),
    /** The price when booked, halalas: original fee, Amana fee, VAT and their total. */
    originalFee: bigint('original_fee', { mode: 'number' }).notNull(),
    amanaFee: bigint('amana_fee', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** What has been paid so far, halalas (a partial payment leaves a remainder). */
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    bookedByUserId: integer('booked_by_user_id')
      .notNull()
      .references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('bookings_live_seat_key')
      .on(table.sessionId, table.studentId)
      .where(sql`${table.status} not in ('Cancelled', 'Expired')`),
    index('bookings_student_created_idx').on(table.studentId, table.createdAt, table.id),
    index('bookings_corporate_created_idx').on(table.corporateId, table.createdAt, table.id),
    index('bookings_session_idx').on(table.sessionId),
    index('bookings_created_idx').on(table.createdAt, table.id),
    index('bookings_hold_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'Pending Payment'`),
    index('bookings_batch_idx').on(table.batchId),
    check(
      'bookings_amounts_check',
      sql`${table.total} >= 0 and ${table.amountPaid} >= 0 and ${table.amountPaid} <= ${table.total}`,
    ),
  ],
);
