import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { displayText, IdSchema, nameText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

/** Work sectors a course prepares for (spec §1 and Balady's health-certificate sectors). */
export const COURSE_SECTORS = [
  'food_safety',
  'laundry',
  'barber',
  'beauty_parlour',
  'body_care',
  'public_health',
] as const;
export type CourseSector = (typeof COURSE_SECTORS)[number];

/**
 * Languages a course is taught in (ISO 639 codes): the languages workers are trained in
 * (reference/saudi-reference.md), not only the two of the interface.
 */
export const TRAINING_LANGUAGES = [
  'ar',
  'en',
  'ur',
  'hi',
  'bn',
  'fil',
  'ne',
  'id',
  'ml',
  'ta',
  'am',
] as const;
export type TrainingLanguage = (typeof TRAINING_LANGUAGES)[number];

export const COURSE_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export const COURSE_STATUSES = ['active', 'inactive'] as const;
/** Spec §4: Remote or In Person. */
export const TRAINING_TYPES = ['remote', 'in_person'] as const;

/**
 * The add-new-course wizard, in order: "Main Details", "Sessions", then the exam settings.
 * A course records the last step it completed; it is complete once its exam is saved.
 */
export const COURSE_WIZARD_STEPS = ['details', 'sessions', 'exam'] as const;
export type CourseWizardStep = (typeof COURSE_WIZARD_STEPS)[number];

export function isWizardStepDone(reached: CourseWizardStep, step: CourseWizardStep): boolean {
  return COURSE_WIZARD_STEPS.indexOf(reached) >= COURSE_WIZARD_STEPS.indexOf(step);
}

export const COURSE_IMAGE_RULE = {
  required: true,
  maxMegabytes: 2,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** English letters, spaces, hyphens and ampersands ("Food Safety & Hygiene"). */
const ENGLISH_COURSE_NAME = /^[A-Za-z][A-Za-z &-]*$/;
/** Arabic letters and their marks, and spaces; Arabic-Indic digits are not letters. */
const ARABIC_COURSE_NAME = /^(?:(?=\p{Script=Arabic})[\p{L}\p{M}]|\s)+$/u;

const courseName = (pattern: RegExp) =>
  nameText(120).regex(pattern, { error: 'COURSE_NAME_ALPHABETIC' satisfies MessageCode });

const optionalDescription = z
  .string()
  .trim()
  .max(2000, { error: 'TOO_LONG' satisfies MessageCode })
  .optional()
  .transform((value) => value || null);

/** Step 1 "Main Details" of a course, also what edit-course changes. */
export const CourseInput = z.strictObject({
  nameEn: courseName(ENGLISH_COURSE_NAME),
  nameAr: courseName(ARABIC_COURSE_NAME),
  sector: z.enum(COURSE_SECTORS, { error: 'SELECT_SECTOR' }),
  language: z.enum(TRAINING_LANGUAGES, { error: 'SELECT_TRAINING_LANGUAGE' }),
  level: z.enum(COURSE_LEVELS, { error: 'SELECT_LEVEL' }),
  feeSetupId: z.unknown().transform((value, context) => {
    const parsed = IdSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: 'SELECT_COURSE_FEES' satisfies MessageCode });
    return z.NEVER;
  }),
  descriptionEn: optionalDescription,
  descriptionAr: optionalDescription,
  /** Absent: active on create, unchanged on edit (the column's default, or the stored value). */
  status: z.enum(COURSE_STATUSES, { error: 'INVALID_VALUE' }).optional(),
});
export type CourseInput = z.infer<typeof CourseInput>;

/**
 * A whole number typed in a form: a JSON number, or digits in any script. Blank or missing
 * gives `missing`; anything else that is not a whole number from `min` to `max` gives `invalid`.
 */
function wholeNumber(missing: MessageCode, invalid: MessageCode, min: number, max: number) {
  return z.union([z.number(), z.string()], { error: missing }).transform((value, context) => {
    const text = typeof value === 'string' ? normalizeDigits(value.trim()) : undefined;
    if (text === '') {
      context.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    const number = text === undefined ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return number;
  });
}

export const CourseSessionInput = z.strictObject({
  titleEn: displayText('ENTER_SESSION_TITLE', 120),
  titleAr: displayText('ENTER_SESSION_TITLE', 120),
  durationMinutes: wholeNumber('SESSION_DURATION_INVALID', 'SESSION_DURATION_INVALID', 1, 600),
  trainingType: z.enum(TRAINING_TYPES, { error: 'SELECT_TRAINING_TYPE' }),
});
export type CourseSessionInput = z.infer<typeof CourseSessionInput>;

const MAX_COURSE_SESSIONS = 30;

/** Step 2 "Sessions": the course's whole list of sessions, in order; it replaces the stored one. */
export const CourseSessionsInput = z.strictObject({
  sessions: z
    .array(CourseSessionInput, { error: 'SESSIONS_REQUIRED' })
    .min(1, { error: 'SESSIONS_REQUIRED' })
    .max(MAX_COURSE_SESSIONS, { error: 'TOO_MANY_SESSIONS' }),
});
export type CourseSessionsInput = z.infer<typeof CourseSessionsInput>;

const examNumber = (min: number, max: number) =>
  wholeNumber('EXAM_FIELDS_REQUIRED', 'WHOLE_NUMBER_INVALID', min, max);

/**
 * The whole numbers an exam's settings may take: marks from 0 to 1000 (and passing below full,
 * failed below passing: spec §5), at most 200 questions and 10 hours.
 */
export const EXAM_LIMITS = {
  questionCount: { min: 1, max: 200 },
  fullMarks: { min: 1, max: 1000 },
  passingMarks: { min: 1, max: 1000 },
  failedMarks: { min: 0, max: 1000 },
  durationMinutes: { min: 1, max: 600 },
} as const;

export const examSetting = (name: keyof typeof EXAM_LIMITS) =>
  examNumber(EXAM_LIMITS[name].min, EXAM_LIMITS[name].max);

/** The exam settings of a course (add-new-course/exam/{id}); spec §5's two exam rules. */
export const CourseExamInput = z
  .strictObject({
    questionCount: examSetting('questionCount'),
    fullMarks: examSetting('fullMarks'),
    passingMarks: examSetting('passingMarks'),
    failedMarks: examSetting('failedMarks'),
    durationMinutes: examSetting('durationMinutes'),
  })
  .superRefine((exam, context) => {
    if (exam.passingMarks >= exam.fullMarks) {
      context.addIssue({
        code: 'custom',
        path: ['passingMarks'],
        message: 'PASSING_MARKS_BELOW_FULL' satisfies MessageCode,
      });
    } else if (exam.failedMarks >= exam.passingMarks) {
      context.addIssue({
        code: 'custom',
        path: ['failedMarks'],
        message: 'FAILED_MARKS_BELOW_PASSING' satisfies MessageCode,
      });
    }
  });
export type CourseExamInput = z.infer<typeof CourseExamInput>;

const FeeBreakdownSchema = z.object({
  originalFee: z.number(),
  amanaFee: z.number(),
  vatBase: z.number(),
  vat: z.number(),
  total: z.number(),
});

/** A fee setup a course may be priced by, with its total in halalas. */
export const CourseFeeOption = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  active: z.boolean(),
  breakdown: FeeBreakdownSchema,
});
export const CourseFeeOptionList = z.array(CourseFeeOption);

export const CourseSession = z.object({
  position: z.number(),
  titleEn: z.string(),
  titleAr: z.string(),
  durationMinutes: z.number(),
  trainingType: z.enum(TRAINING_TYPES),
});

export const CourseExam = z.object({
  /** The exam's id (view-assessment/{id}, where its question banks are). */
  id: z.number(),
  questionCount: z.number(),
  fullMarks: z.number(),
  passingMarks: z.number(),
  failedMarks: z.number(),
  durationMinutes: z.number(),
});

const courseSummaryShape = {
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  sector: z.enum(COURSE_SECTORS),
  language: z.enum(TRAINING_LANGUAGES),
  level: z.enum(COURSE_LEVELS),
  status: z.enum(COURSE_STATUSES),
  wizardStep: z.enum(COURSE_WIZARD_STEPS),
  /** The stored image's file id (served at /api/courses/{id}/image), null without one. */
  imageFileId: z.string().nullable(),
  createdAt: z.string(),
};

export const CourseListItem = z.object({
  ...courseSummaryShape,
  sessionCount: z.number(),
  /** Halalas, from the shared money module. */
  feeTotal: z.number(),
});
export type CourseListItem = z.infer<typeof CourseListItem>;

export const Course = z.object({
  ...courseSummaryShape,
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  fee: CourseFeeOption,
  sessions: z.array(CourseSession),
  exam: CourseExam.nullable(),
  updatedAt: z.string(),
  /** What the caller may do with this course (display only; the server decides again). */
  /** `edit`: change it (details, sessions, exam, image); `editCourse`: through edit-course (edit_6). */
  abilities: Abilities('edit', 'editCourse'),
});
export type Course = z.infer<typeof Course>;

export const CourseListQuery = listQuery(['nameEn', 'nameAr', 'createdAt'] as const).extend({
  sector: z.enum(COURSE_SECTORS).optional(),
  language: z.enum(TRAINING_LANGUAGES).optional(),
  status: z.enum(COURSE_STATUSES).optional(),
});
export type CourseListQuery = z.infer<typeof CourseListQuery>;
export const CoursePage = listPage(CourseListItem);
export const CourseCountQuery = countQueryOf(CourseListQuery);
export type CourseCountQuery = z.infer<typeof CourseCountQuery>;
