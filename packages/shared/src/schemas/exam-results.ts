import { BOOKING_STATUSES } from '../bookings.ts';
import { EXAM_RESULTS } from '../exams.ts';
import type { MessageCode } from '../messages.ts';
import { EXAM_SESSION_TYPES } from '../scheduling.ts';
import { z } from '../zod.ts';
import { IdSchema, isoDate } from './common.ts';
import { TRAINING_LANGUAGES } from './courses.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

/** Scores (spec resource 19; examiner, corporate and student `scores`): one submitted attempt a row. */
export const EXAM_RESULT_SORTS = ['submittedAt', 'sessionStartsAt'] as const;

const filters = {
  courseId: IdSchema.optional(),
  examType: z.enum(EXAM_SESSION_TYPES, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
  result: z.enum(EXAM_RESULTS, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
  language: z.enum(TRAINING_LANGUAGES, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
  /** The session's date range, Riyadh calendar days, inclusive. */
  from: isoDate('ENTER_DATE').optional(),
  to: isoDate('ENTER_DATE').optional(),
  branchId: IdSchema.optional(),
  /** The examiner of the session (admin `examiner-score`). */
  examinerId: IdSchema.optional(),
};

/** `GET /api/exam-results`: `search` is a student's name or ID number (digits in any script). */
export const ExamResultListQuery = listQuery(EXAM_RESULT_SORTS).extend(filters);
export type ExamResultListQuery = z.infer<typeof ExamResultListQuery>;
export const ExamResultCountQuery = countQueryOf(ExamResultListQuery);
export type ExamResultCountQuery = z.infer<typeof ExamResultCountQuery>;
/** `GET /api/exam-results/export`: the list's search and filters, every matching row (up to a cap). */
export const ExamResultExportQuery = ExamResultCountQuery;

export const ExamResultRow = z.object({
  id: z.number(),
  bookingId: z.number(),
  studentId: z.number(),
  studentNameEn: z.string(),
  studentNameAr: z.string(),
  idNumber: z.string().nullable(),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  sessionId: z.number(),
  sessionStartsAt: z.string(),
  branchId: z.number(),
  examType: z.enum(EXAM_SESSION_TYPES),
  language: z.string(),
  score: z.number().nullable(),
  result: z.enum(EXAM_RESULTS).nullable(),
  certificateId: z.number().nullable(),
  /** The booking's attendance as the examiner marked it, or null when not marked. */
  attendance: z.enum(BOOKING_STATUSES).nullable(),
  submittedAt: z.string().nullable(),
});
export type ExamResultRow = z.infer<typeof ExamResultRow>;
export const ExamResultPage = listPage(ExamResultRow);
export type ExamResultPage = z.infer<typeof ExamResultPage>;

/**
 * `GET /api/exam-stats`: one course or all, over a period of Riyadh calendar days (`from` and `to`
 * included, each optional; `from` after `to` is refused with EXAM_STATS_RANGE on `to`).
 */
export const ExamStatsQuery = z
  .strictObject({
    courseId: IdSchema.optional(),
    from: isoDate('ENTER_DATE').optional(),
    to: isoDate('ENTER_DATE').optional(),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'EXAM_STATS_RANGE' satisfies MessageCode });
    }
  });
export type ExamStatsQuery = z.infer<typeof ExamStatsQuery>;

export const PassFailCount = z.object({
  key: z.string(),
  passed: z.number(),
  failed: z.number(),
  /** Passes over results, 0–1 (0 when there are none). */
  passRate: z.number(),
  failRate: z.number(),
});
export type PassFailCount = z.infer<typeof PassFailCount>;

export const FailingQuestion = z.object({
  itemKey: z.string(),
  /** The same question in every language it is asked in. */
  questionIds: z.array(z.number()),
  courseId: z.number(),
  /** The text in the caller's language when a bank in it holds the item, else in another's. */
  text: z.string(),
  language: z.string(),
  drawn: z.number(),
  wrong: z.number(),
  wrongRate: z.number(),
});
export type FailingQuestion = z.infer<typeof FailingQuestion>;

export const ExamStats = z.object({
  total: PassFailCount,
  byLanguage: z.array(PassFailCount),
  byExamType: z.array(PassFailCount),
  topFailingQuestions: z.array(FailingQuestion),
});
export type ExamStats = z.infer<typeof ExamStats>;

/** What a student is due after failing the latest exam of a course (the official retake rule). */
export const RETAKE_DUE_KINDS = ['ReAssessment', 'ReTake', 'rebook-course'] as const;
export type RetakeDueKind = (typeof RETAKE_DUE_KINDS)[number];

export const RetakeListQuery = listQuery(['latest'] as const).extend({
  courseId: IdSchema.optional(),
  branchId: IdSchema.optional(),
  due: z.enum(RETAKE_DUE_KINDS, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
});
export type RetakeListQuery = z.infer<typeof RetakeListQuery>;
export const RetakeCountQuery = countQueryOf(RetakeListQuery);
export type RetakeCountQuery = z.infer<typeof RetakeCountQuery>;

export const RetakeRow = z.object({
  /** The latest (failed) attempt: the row's id. */
  id: z.number(),
  studentId: z.number(),
  studentNameEn: z.string(),
  studentNameAr: z.string(),
  idNumber: z.string().nullable(),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  branchId: z.number(),
  fails: z.number(),
  lastScore: z.number().nullable(),
  lastExamAt: z.string(),
  due: z.enum(RETAKE_DUE_KINDS),
  /** What the due retake costs, halalas (0 for the ReAssessment; null when the course must be booked again). */
  fee: z.number().nullable(),
  /** A retake already booked (a live booking of a later exam session of the course). */
  bookedBookingId: z.number().nullable(),
});
export type RetakeRow = z.infer<typeof RetakeRow>;
export const RetakePage = listPage(RetakeRow);
export type RetakePage = z.infer<typeof RetakePage>;

/** `POST /api/retakes/bookings`: a seat in an exam session of the type due, for a student. */
export const RetakeBookingInput = z.strictObject({ studentId: IdSchema, sessionId: IdSchema });
export type RetakeBookingInput = z.infer<typeof RetakeBookingInput>;
