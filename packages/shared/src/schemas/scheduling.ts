import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { EXAM_SESSION_TYPES, SESSION_EDIT_SCOPES, SESSION_KINDS, SESSION_STATUSES } from '../scheduling.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { IdSchema, isoDate } from './common.ts';
import { TRAINING_LANGUAGES, TRAINING_TYPES } from './courses.ts';

/**
 * Sessions are entered as the centre's local date and times (Asia/Riyadh) and stored as
 * instants. Asia/Riyadh has kept UTC+03:00 without daylight saving since 1950, so a local
 * date and time maps to exactly one instant.
 */
const RIYADH_OFFSET = '+03:00';
const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** The instant of a Riyadh local date (`YYYY-MM-DD`) and time (`HH:MM`). */
export function riyadhInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00.000${RIYADH_OFFSET}`);
}

/** The Riyadh local date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant. */
export function riyadhLocalOf(instant: Date | string): { date: string; time: string } {
  const shifted = new Date(new Date(instant).getTime() + RIYADH_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** The most days `GET /api/sessions` covers at once. */
export const SESSION_RANGE_MAX_DAYS = 62;
/** The most sessions one weekly repeat makes (a year of weeks). */
export const SESSION_REPEAT_MAX = 52;
/** The most seats a Remote session may offer. */
export const REMOTE_CAPACITY_MAX = 500;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z
  .string({ error: 'ENTER_TIME' satisfies MessageCode })
  .transform((value) => normalizeDigits(value.trim()))
  .pipe(z.string().regex(TIME, { error: 'ENTER_TIME' satisfies MessageCode }));

/** A required id: missing or malformed both give the field's "please select" message. */
const requiredId = (code: MessageCode) =>
  z.unknown().transform((value, context): number => {
    const parsed = IdSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: code });
    return z.NEVER;
  });

/** What every session's form holds: the course, where, when, in which language. */
const sessionFields = {
  courseId: requiredId('SELECT_COURSE'),
  branchId: requiredId('SELECT_BRANCH'),
  language: z.enum(TRAINING_LANGUAGES, { error: 'SELECT_TRAINING_LANGUAGE' }),
  date: isoDate('ENTER_DATE'),
  startTime: clock,
  endTime: clock,
};

function endAfterStart(body: { startTime: string; endTime: string }, context: z.RefinementCtx) {
  if (body.endTime <= body.startTime) {
    context.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: 'END_TIME_NOT_AFTER_START' satisfies MessageCode,
    });
  }
}

const trainingFields = {
  ...sessionFields,
  delivery: z.enum(TRAINING_TYPES, { error: 'SELECT_TRAINING_TYPE' }),
  /** In Person: the room whose capacity gives the seats. */
  classroomId: IdSchema.nullish(),
  /** Remote: its own seat limit. */
  capacity: z
    .number({ error: 'CAPACITY_INVALID' })
    .int({ error: 'CAPACITY_INVALID' })
    .min(1, { error: 'CAPACITY_INVALID' })
    .max(REMOTE_CAPACITY_MAX, { error: 'CAPACITY_INVALID' })
    .nullish(),
  instructorId: requiredId('SELECT_INSTRUCTOR'),
};

function trainingRules(
  body: { delivery: string; classroomId?: number | null; capacity?: number | null },
  context: z.RefinementCtx,
) {
  if (body.delivery === 'in_person' && !body.classroomId) {
    context.addIssue({ code: 'custom', path: ['classroomId'], message: 'SELECT_CLASSROOM' });
  }
  if (body.delivery === 'remote' && !body.capacity) {
    context.addIssue({ code: 'custom', path: ['capacity'], message: 'CAPACITY_INVALID' });
  }
}

/**
 * A training session as staff edit it. `scope` (default `one`) says whether the later sessions
 * of its weekly series change too: each keeps its own week, shifted by as many days as this one.
 */
export const TrainingSessionInput = z
  .strictObject({
    ...trainingFields,
    scope: z.enum(SESSION_EDIT_SCOPES, { error: 'INVALID_VALUE' }).optional(),
  })
  .superRefine((body, context) => {
    endAfterStart(body, context);
    trainingRules(body, context);
  });
export type TrainingSessionInput = z.infer<typeof TrainingSessionInput>;

/** A new training session, optionally repeated every week on the same weekday until a date. */
export const NewTrainingSessionInput = z
  .strictObject({ ...trainingFields, repeatWeeklyUntil: isoDate('ENTER_DATE').nullish() })
  .superRefine((body, context) => {
    endAfterStart(body, context);
    trainingRules(body, context);
    if (body.repeatWeeklyUntil && body.repeatWeeklyUntil < body.date) {
      context.addIssue({
        code: 'custom',
        path: ['repeatWeeklyUntil'],
        message: 'END_BEFORE_START' satisfies MessageCode,
      });
    }
  });
export type NewTrainingSessionInput = z.infer<typeof NewTrainingSessionInput>;

/**
 * An exam session: a sitting of the course's exam, in a room of the branch — or, with `delivery:
 * 'remote'`, sat at home with its own seat limit (the check-in then takes the room from four
 * sides). `delivery` left out is In Person, as the schedule screen sends it.
 */
export const ExamSessionInput = z
  .strictObject({
    ...sessionFields,
    examType: z.enum(EXAM_SESSION_TYPES, { error: 'SELECT_EXAM_TYPE' }),
    delivery: z.enum(TRAINING_TYPES, { error: 'SELECT_TRAINING_TYPE' }).optional(),
    classroomId: IdSchema.nullish(),
    capacity: trainingFields.capacity,
    examinerId: requiredId('SELECT_EXAMINER'),
  })
  .superRefine(endAfterStart)
  .superRefine((body, context) =>
    trainingRules({ ...body, delivery: body.delivery ?? 'in_person' }, context),
  );
export type ExamSessionInput = z.infer<typeof ExamSessionInput>;

/** Cancelling a session: `scope` (default `one`) as for an edit; `following` also cancels the later sessions of its series. */
export const CancelSessionInput = z.strictObject({
  scope: z.enum(SESSION_EDIT_SCOPES, { error: 'INVALID_VALUE' }).optional(),
});
export type CancelSessionInput = z.infer<typeof CancelSessionInput>;

/** `GET /api/sessions`: a period of Riyadh days (inclusive), with the staff filters. */
export const SessionListQuery = z.strictObject({
  from: isoDate('ENTER_DATE'),
  to: isoDate('ENTER_DATE'),
  branchId: IdSchema.optional(),
  courseId: IdSchema.optional(),
  kind: z.enum(SESSION_KINDS, { error: 'INVALID_VALUE' }).optional(),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;

const Named = z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() });

/** A session as every calendar shows it. */
export const SessionItem = z.object({
  id: z.number(),
  kind: z.enum(SESSION_KINDS),
  courseId: z.number(),
  course: Named,
  branchId: z.number(),
  branch: Named,
  classroomId: z.number().nullable(),
  room: z.object({ id: z.number(), name: z.string() }).nullable(),
  delivery: z.enum(TRAINING_TYPES),
  language: z.string(),
  examType: z.enum(EXAM_SESSION_TYPES).nullable(),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  seatsLeft: z.number(),
  staff: Named.nullable(),
  status: z.enum(SESSION_STATUSES),
  seriesId: z.string().nullable(),
});
export type SessionItem = z.infer<typeof SessionItem>;

export const SessionList = z.object({ items: z.array(SessionItem) });
export type SessionList = z.infer<typeof SessionList>;

/** One session, with what its caller may do with it. */
export const SessionDetail = SessionItem.extend({
  seatsTaken: z.number(),
  abilities: Abilities('edit', 'cancel', 'book'),
});
export type SessionDetail = z.infer<typeof SessionDetail>;

/** What the scheduling forms and filters choose from: branches with rooms, courses, instructors, examiners. */
export const SessionFormOptions = z.object({
  branches: z.array(
    Named.extend({ rooms: z.array(z.object({ id: z.number(), name: z.string(), capacity: z.number() })) }),
  ),
  courses: z.array(Named.extend({ language: z.string(), hasExam: z.boolean() })),
  instructors: z.array(Named),
  examiners: z.array(Named),
});
export type SessionFormOptions = z.infer<typeof SessionFormOptions>;

export const SessionsSaved = z.object({
  ids: z.array(z.number()),
  seriesId: z.string().nullable(),
  message: z.string(),
});
