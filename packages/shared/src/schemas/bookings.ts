import {
  BOOKING_CHANNELS,
  BOOKING_EVENTS,
  BOOKING_PAYMENT_TYPES,
  BOOKING_STATUSES,
  PAYMENT_TIMINGS,
} from '../bookings.ts';
import type { MessageCode } from '../messages.ts';
import { INVOICE_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments.ts';
import { EXAM_SESSION_TYPES, SESSION_KINDS } from '../scheduling.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { IdSchema, isoDate } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

/**
 * A booking of one seat (API contract of issue 11): a student books itself (no `studentId`);
 * a teller at the counter and a corporate name the student.
 */
export const BookingInput = z.strictObject({
  sessionId: IdSchema,
  studentId: IdSchema.optional(),
});
export type BookingInput = z.infer<typeof BookingInput>;

/** The most students a corporate books into one session at once. */
export const BATCH_BOOKING_MAX = 200;

/** A corporate's booking of many of its students into one session: all seats or none. */
export const BatchBookingInput = z.strictObject({
  sessionId: IdSchema,
  studentIds: z
    .array(IdSchema)
    .min(1, { error: 'SELECT_STUDENTS' satisfies MessageCode })
    .max(BATCH_BOOKING_MAX, { error: 'TOO_MANY_STUDENTS' satisfies MessageCode })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'INVALID_VALUE' satisfies MessageCode }),
  paymentTiming: z.enum(PAYMENT_TIMINGS, { error: 'INVALID_VALUE' satisfies MessageCode }),
  paymentType: z.enum(BOOKING_PAYMENT_TYPES, { error: 'INVALID_VALUE' satisfies MessageCode }),
});
export type BatchBookingInput = z.infer<typeof BatchBookingInput>;

const bookingFields = {
  id: z.number(),
  number: z.string(),
  status: z.enum(BOOKING_STATUSES),
  channel: z.enum(BOOKING_CHANNELS),
  paymentType: z.enum(BOOKING_PAYMENT_TYPES),
  paymentTiming: z.enum(PAYMENT_TIMINGS),
  /** ISO instant the seat is held until (Pending Payment only). */
  holdExpiresAt: z.string().nullable(),
  sessionId: z.number(),
  studentId: z.number(),
  corporateId: z.number().nullable(),
  batchId: z.string().nullable(),
  /** Halalas, fixed when booked from the course's fee setup. */
  originalFee: z.number(),
  amanaFee: z.number(),
  vat: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  createdAt: z.string(),
};

/** A booking as its creation answers it. */
export const Booking = z.object(bookingFields);
export type Booking = z.infer<typeof Booking>;

export const BookingCreated = Booking.extend({ message: z.string() });
export type BookingCreated = z.infer<typeof BookingCreated>;

export const BatchBookingCreated = z.object({
  batchId: z.string(),
  items: z.array(Booking),
  message: z.string(),
});
export type BatchBookingCreated = z.infer<typeof BatchBookingCreated>;

/** The session a booking is for, as its lists and details show it. */
export const BookingSession = z.object({
  id: z.number(),
  kind: z.enum(SESSION_KINDS),
  examType: z.enum(EXAM_SESSION_TYPES).nullable(),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  branchId: z.number(),
  branchNameEn: z.string(),
  branchNameAr: z.string(),
  delivery: z.string(),
  language: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type BookingSession = z.infer<typeof BookingSession>;

export const BookingStudent = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  idNumber: z.string().nullable(),
});

/** A row of a bookings list: the booking, its session and its student. */
export const BookingSummary = Booking.extend({ session: BookingSession, student: BookingStudent });
export type BookingSummary = z.infer<typeof BookingSummary>;

/** One step of a booking's history: what happened (`event`; `action` is the audit row's), when, and by whom. */
export const BookingHistoryEntry = z.object({
  action: z.string(),
  event: z.enum(BOOKING_EVENTS),
  at: z.string(),
  byUserId: z.number().nullable(),
  /** Who did it; null when the server did (an expired hold, a gateway's answer by webhook). */
  by: z.object({ nameEn: z.string(), nameAr: z.string() }).nullable(),
});
export type BookingHistoryEntry = z.infer<typeof BookingHistoryEntry>;

/** A payment of a booking, with the invoice it produced (null until paid). Halalas. */
export const BookingPayment = z.object({
  id: z.number(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  paidAt: z.string().nullable(),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type BookingPayment = z.infer<typeof BookingPayment>;

/** An invoice or credit note of a booking's payments. Halalas. */
export const BookingDocument = z.object({
  id: z.number(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  total: z.number(),
});
export type BookingDocument = z.infer<typeof BookingDocument>;

/**
 * `GET /api/bookings/:id`: the booking, its session, its student, its payments, invoices and
 * history, and what the caller may do with it (only reflected by the web; the server decides).
 */
export const BookingDetail = BookingSummary.extend({
  history: z.array(BookingHistoryEntry),
  payments: z.array(BookingPayment),
  documents: z.array(BookingDocument),
  /** Halalas of its paid payments already given back (credit notes: refunds, a cancellation). */
  givenBack: z.number(),
  /** Halalas a cancellation would credit now: paid − given back (the cancel dialog says it). */
  leftToGiveBack: z.number(),
  abilities: Abilities('cancel', 'move'),
});
export type BookingDetail = z.infer<typeof BookingDetail>;

/** `POST /api/bookings/:id/move`: the session of the same course and kind to move to. */
export const BookingMoveInput = z.strictObject({ sessionId: IdSchema });
export type BookingMoveInput = z.infer<typeof BookingMoveInput>;

export const BookingMoved = z.object({
  id: z.number(),
  sessionId: z.number(),
  fromSessionId: z.number(),
  message: z.string(),
});
export type BookingMoved = z.infer<typeof BookingMoved>;

export const BOOKING_SORTS = ['createdAt', 'startsAt'] as const;

/** The bookings list: `search` is a student's ID number (its beginning); filters by status, dates, branch, course. */
export const BookingListQuery = listQuery(BOOKING_SORTS).extend({
  status: z.enum(BOOKING_STATUSES, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
  /** The session's date range, Riyadh calendar days, inclusive. */
  from: isoDate('ENTER_DATE').optional(),
  to: isoDate('ENTER_DATE').optional(),
  branchId: IdSchema.optional(),
  courseId: IdSchema.optional(),
  sessionId: IdSchema.optional(),
});
export type BookingListQuery = z.infer<typeof BookingListQuery>;
export const BookingPage = listPage(BookingSummary);
export const BookingCountQuery = countQueryOf(BookingListQuery);

/** A course a booking may be made for, with what its booking costs (halalas). */
export const BookableCourse = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  total: z.number(),
});
export type BookableCourse = z.infer<typeof BookableCourse>;
export const BookableCourses = z.object({ items: z.array(BookableCourse) });
export type BookableCourses = z.infer<typeof BookableCourses>;
