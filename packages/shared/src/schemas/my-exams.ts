import { BOOKING_STATUSES } from '../bookings.ts';
import { ATTEMPT_STATUSES, EXAM_RESULTS } from '../exams.ts';
import type { MessageCode } from '../messages.ts';
import { EXAM_SESSION_TYPES } from '../scheduling.ts';
import { z } from '../zod.ts';
import { IdSchema, isoDate } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

/**
 * The candidate's exam lists (student `exam`, issue 12). Every exam booking that is not
 * Cancelled or Expired is in exactly one tab, by the server's clock:
 * - `past`: its session has ended, or its attempt is submitted;
 * - `available`: Booked, not past, and its session has started or starts within the next 24 hours;
 * - `upcoming`: everything else (later sessions, and bookings not yet paid).
 */
export const MY_EXAM_TABS = ['available', 'upcoming', 'past'] as const;
export type MyExamTab = (typeof MY_EXAM_TABS)[number];

/** How far ahead an exam counts as available (its check-in may start). */
export const EXAM_AVAILABLE_AHEAD_HOURS = 24;

const invalid = { error: 'INVALID_VALUE' satisfies MessageCode };

/** No free-text search: a candidate has a handful of exams; the filters narrow them. */
export const MyExamListQuery = listQuery(['startsAt'] as const)
  .omit({ search: true })
  .extend({
    tab: z.enum(MY_EXAM_TABS, invalid).default('available'),
    courseId: IdSchema.optional(),
    examType: z.enum(EXAM_SESSION_TYPES, invalid).optional(),
    /** The session's date range, Riyadh calendar days, inclusive. */
    from: isoDate('ENTER_DATE').optional(),
    to: isoDate('ENTER_DATE').optional(),
    /** A corporate's view of one of its own students (read-only). */
    studentId: IdSchema.optional(),
  });
export type MyExamListQuery = z.infer<typeof MyExamListQuery>;
export const MyExamCountQuery = countQueryOf(MyExamListQuery);
export type MyExamCountQuery = z.infer<typeof MyExamCountQuery>;

export const MyExamAttempt = z.object({
  id: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  /** Null while not submitted, and when the exam's review setting shows nothing. */
  score: z.number().nullable(),
  result: z.enum(EXAM_RESULTS).nullable(),
  certificateId: z.number().nullable(),
});
export type MyExamAttempt = z.infer<typeof MyExamAttempt>;

export const MyExam = z.object({
  /** The row's key: the booking id. */
  id: z.number(),
  bookingId: z.number(),
  bookingNumber: z.string(),
  bookingStatus: z.enum(BOOKING_STATUSES),
  student: z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() }),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  examType: z.enum(EXAM_SESSION_TYPES),
  session: z.object({
    id: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    delivery: z.string(),
    language: z.string(),
    branchNameEn: z.string(),
    branchNameAr: z.string(),
    /** Null for a Remote sitting. */
    classroom: z.string().nullable(),
  }),
  checkinComplete: z.boolean(),
  attempt: MyExamAttempt.nullable(),
});
export type MyExam = z.infer<typeof MyExam>;
export const MyExamPage = listPage(MyExam);
export type MyExamPage = z.infer<typeof MyExamPage>;
