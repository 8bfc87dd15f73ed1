import { BOOKING_STATUSES } from '../bookings.ts';
import { ATTEMPT_STATUSES, EXAM_RESULTS } from '../exams.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { IdSchema, requiredText } from './common.ts';
import { TRAINING_LANGUAGES, TRAINING_TYPES } from './courses.ts';

/**
 * Sitting an exam and proctoring it (issue 12, the exam-attempt API contract): the bodies the
 * candidate's screens and the proctor's live view send and receive. Field names are the contract's.
 */

/** `POST /api/exam-attempts`: the candidate's exam booking and, optionally, another exam language. */
export const AttemptStartInput = z.strictObject({
  bookingId: IdSchema,
  language: z.enum(TRAINING_LANGUAGES, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
});
export type AttemptStartInput = z.infer<typeof AttemptStartInput>;

/** `PUT /api/exam-attempts/:id/answers/:questionId`. */
export const AttemptAnswerInput = z.strictObject({ answerId: IdSchema });
export type AttemptAnswerInput = z.infer<typeof AttemptAnswerInput>;

export const AttemptQuestion = z.object({
  id: z.number(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  answers: z.array(z.object({ id: z.number(), text: z.string(), audioUrl: z.string().nullable() })),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestion>;

export const AttemptOutcome = z.object({
  score: z.number().nullable(),
  result: z.enum(EXAM_RESULTS).nullable(),
  certificateId: z.number().nullable(),
});
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

export const AttemptView = z.object({
  id: z.number(),
  bookingId: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  titleEn: z.string(),
  titleAr: z.string(),
  language: z.string(),
  direction: z.enum(['rtl', 'ltr']),
  startedAt: z.string(),
  endsAt: z.string(),
  /** The extra time examiners have given the attempt, in all: the sitting screen says when it grows. */
  extraSeconds: z.number(),
  serverNow: z.string(),
  secondsLeft: z.number(),
  questions: z.array(AttemptQuestion),
  answers: z.record(z.string(), z.number()),
  outcome: AttemptOutcome.nullable(),
});
export type AttemptView = z.infer<typeof AttemptView>;

export const AttemptAnswerSaved = z.object({
  questionId: z.number(),
  answerId: z.number(),
  secondsLeft: z.number(),
});
export type AttemptAnswerSaved = z.infer<typeof AttemptAnswerSaved>;

/** `GET /api/exam-attempts/:id/review`: per the exam's review setting ('answers' adds each question). */
export const AttemptReview = z.object({
  review: z.enum(['score', 'answers']),
  outcome: AttemptOutcome,
  questions: z
    .array(
      z.object({
        id: z.number(),
        text: z.string(),
        answers: z.array(z.object({ id: z.number(), text: z.string() })),
        chosenAnswerId: z.number().nullable(),
        /** Null unless the caller may read the answer key (decision 0026). */
        correctAnswerId: z.number().nullable(),
      }),
    )
    .nullable(),
});
export type AttemptReview = z.infer<typeof AttemptReview>;

/** Every proctor write says why (recorded in exam_proctor_actions). */
const reason = requiredText('REQUIRED', 500);

export const ProctorReasonInput = z.strictObject({ reason });
export type ProctorReasonInput = z.infer<typeof ProctorReasonInput>;

/** The most minutes one grant of extra time may add (the attempt's total is capped by the server's setting). */
export const EXTRA_MINUTES_PER_GRANT = 120;

export const ExtraTimeInput = z.strictObject({
  minutes: z
    .number({ error: 'INVALID_VALUE' satisfies MessageCode })
    .int({ error: 'INVALID_VALUE' satisfies MessageCode })
    .min(1, { error: 'INVALID_VALUE' satisfies MessageCode })
    .max(EXTRA_MINUTES_PER_GRANT, { error: 'INVALID_VALUE' satisfies MessageCode }),
  reason,
});
export type ExtraTimeInput = z.infer<typeof ExtraTimeInput>;

export const AttemptClock = z.object({ id: z.number(), endsAt: z.string(), secondsLeft: z.number() });
export type AttemptClock = z.infer<typeof AttemptClock>;

export const AttendanceInput = z.strictObject({
  status: z.enum(['Attended', 'Absent'], { error: 'INVALID_VALUE' satisfies MessageCode }),
});
export type AttendanceInput = z.infer<typeof AttendanceInput>;

export const AttendanceSaved = z.object({ id: z.number(), status: z.enum(BOOKING_STATUSES) });

/** The practical part's marks, entered by the examiner; missing is "Score must be added". */
export const PracticalScoreInput = z.strictObject({
  score: z
    .number({ error: 'SCORE_REQUIRED' satisfies MessageCode })
    .min(0, { error: 'INVALID_VALUE' satisfies MessageCode })
    .max(100_000, { error: 'INVALID_VALUE' satisfies MessageCode }),
});
export type PracticalScoreInput = z.infer<typeof PracticalScoreInput>;

export const LiveCandidate = z.object({
  bookingId: z.number(),
  studentId: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  bookingStatus: z.enum(BOOKING_STATUSES),
  checkin: z.object({
    complete: z.boolean(),
    idNumberChecked: z.boolean(),
    photos: z.array(z.string()),
    fingerprintEnrolled: z.boolean(),
    fingerprintChecked: z.boolean(),
    admitted: z.boolean(),
  }),
  attempt: z
    .object({
      id: z.number(),
      status: z.enum(ATTEMPT_STATUSES),
      answered: z.number(),
      total: z.number(),
      secondsLeft: z.number(),
      extraSeconds: z.number(),
      /** The whole minutes of extra time that may still be given (EXAM_EXTRA_TIME_MAX_MINUTES less the grants). */
      extraMinutesGrantable: z.number(),
      score: z.number().nullable(),
      result: z.enum(EXAM_RESULTS).nullable(),
      /** What the caller may do to the attempt (edit_8 or its examiner; by its status): the exam-attempts policy's answer. */
      abilities: Abilities('extraTime', 'stop', 'restart', 'practicalScore'),
    })
    .nullable(),
  /** What the caller may do to the seat (admit it whatever its check-in lacks, mark attendance). */
  abilities: Abilities('admit', 'markAttended', 'markAbsent'),
});
export type LiveCandidate = z.infer<typeof LiveCandidate>;

export const LiveSession = z.object({
  serverNow: z.string(),
  session: z.object({
    id: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    delivery: z.enum(TRAINING_TYPES),
    courseNameEn: z.string(),
    courseNameAr: z.string(),
    branchNameEn: z.string(),
    branchNameAr: z.string(),
  }),
  candidates: z.array(LiveCandidate),
});
export type LiveSession = z.infer<typeof LiveSession>;

/** Which of an examiner's sessions `GET /api/exam-sessions/assigned` lists: from today on (Riyadh), or before. */
export const ASSIGNED_SESSION_PERIODS = ['upcoming', 'past'] as const;
export type AssignedSessionPeriod = (typeof ASSIGNED_SESSION_PERIODS)[number];

/**
 * `GET /api/exam-sessions/assigned`: the caller's (an Examiner's) exam sessions, a keyset page at a
 * time; `upcoming` (today's and later, soonest first) or `past` (latest first).
 */
export const AssignedSessionQuery = z.strictObject({
  when: z
    .enum(ASSIGNED_SESSION_PERIODS, { error: 'INVALID_VALUE' satisfies MessageCode })
    .default('upcoming'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type AssignedSessionQuery = z.infer<typeof AssignedSessionQuery>;

export const AssignedSession = z.object({
  id: z.number(),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  branchNameEn: z.string(),
  branchNameAr: z.string(),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  examType: z.string(),
  /** The exam language (ISO 639-1). */
  language: z.string(),
  delivery: z.string(),
  status: z.string(),
  seatsTaken: z.number(),
  /** The course's active exam, whose question banks `add-exam/:id` edits (null when the course has none). */
  examId: z.number().nullable(),
});
export type AssignedSession = z.infer<typeof AssignedSession>;
export const AssignedSessionPage = z.object({
  items: z.array(AssignedSession),
  nextCursor: z.string().nullable(),
});
export type AssignedSessionPage = z.infer<typeof AssignedSessionPage>;
