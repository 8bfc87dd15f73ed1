import { z } from '@tasreeh/shared';

/**
 * The exam-attempt API contract of issue 12 (written by the attempts module in
 * packages/shared/src/schemas/exam-attempts.ts; copied here until both land, then the
 * integrator switches these to the shared ones). Field names are the contract's, exactly.
 */
const Result = z.enum(['Passed', 'Failed']);

export const AttemptOutcome = z.object({
  score: z.number().nullable(),
  result: Result.nullable(),
  certificateId: z.number().nullable(),
});
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

export const AttemptQuestion = z.object({
  id: z.number(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  answers: z.array(z.object({ id: z.number(), text: z.string(), audioUrl: z.string().nullable() })),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestion>;

export const AttemptView = z.object({
  id: z.number(),
  bookingId: z.number(),
  status: z.enum(['in_progress', 'submitted']),
  titleEn: z.string(),
  titleAr: z.string(),
  language: z.string(),
  direction: z.enum(['rtl', 'ltr']),
  startedAt: z.string(),
  endsAt: z.string(),
  serverNow: z.string(),
  secondsLeft: z.number(),
  questions: z.array(AttemptQuestion),
  answers: z.record(z.string(), z.number()),
  outcome: AttemptOutcome.nullable(),
});
export type AttemptView = z.infer<typeof AttemptView>;

export const AnswerSaved = z.object({
  questionId: z.number(),
  answerId: z.number(),
  secondsLeft: z.number(),
});
export type AnswerSaved = z.infer<typeof AnswerSaved>;

/** `GET /api/exam-attempts/:id/review`: per the exam's setting, each question with the chosen and the correct answer, or the outcome only. */
export const AttemptReview = z.object({
  outcome: AttemptOutcome.optional(),
  questions: z
    .array(
      AttemptQuestion.extend({
        chosenAnswerId: z.number().nullable(),
        correctAnswerId: z.number(),
      }),
    )
    .optional(),
});
export type AttemptReview = z.infer<typeof AttemptReview>;

/** `GET /api/exam-sessions/:sessionId/live`, the proctor's view. */
export const LiveCandidate = z.object({
  bookingId: z.number(),
  studentId: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  bookingStatus: z.string(),
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
      status: z.enum(['in_progress', 'submitted']),
      answered: z.number(),
      total: z.number(),
      secondsLeft: z.number(),
      extraSeconds: z.number(),
      score: z.number().nullable(),
      result: Result.nullable(),
    })
    .nullable(),
});
export type LiveCandidate = z.infer<typeof LiveCandidate>;

export const LiveSession = z.object({
  serverNow: z.string(),
  session: z.object({
    id: z.number(),
    startsAt: z.string(),
    endsAt: z.string(),
    delivery: z.string(),
    courseNameEn: z.string(),
    courseNameAr: z.string(),
    branchNameEn: z.string(),
    branchNameAr: z.string(),
  }),
  candidates: z.array(LiveCandidate),
});
export type LiveSession = z.infer<typeof LiveSession>;
