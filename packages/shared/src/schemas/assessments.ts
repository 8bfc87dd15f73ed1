import {
  ANSWER_TEXT_MAX,
  ANSWERS_MAX,
  ANSWERS_MIN,
  EXAM_REVIEW_MODES,
  EXAM_STATUSES,
  QUESTION_TEXT_MAX,
} from '../exams.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { displayText, IdSchema } from './common.ts';
import { examSetting, TRAINING_LANGUAGES } from './courses.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

/**
 * The assessment builder (spec §2 Assessments, §3 Exam and Question, §5 exam rules): an exam of a
 * course, its question banks per exam language, and their questions.
 */

const examTitle = displayText('EXAM_TITLE_REQUIRED', 200);

const optionalMarks = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    const text = typeof value === 'string' ? value.trim() : undefined;
    if (text === '') return null;
    const number = text === undefined ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 1000) {
      context.addIssue({ code: 'custom', message: 'WHOLE_NUMBER_INVALID' satisfies MessageCode });
      return z.NEVER;
    }
    return number;
  });

/** add-assessment and edit-assessment: the exam of a course (the same row as the course wizard's exam step). */
export const ExamInput = z
  .strictObject({
    courseId: z.unknown().transform((value, context) => {
      const parsed = IdSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: 'SELECT_COURSE' satisfies MessageCode });
      return z.NEVER;
    }),
    titleEn: examTitle,
    titleAr: examTitle,
    questionCount: examSetting('questionCount'),
    fullMarks: examSetting('fullMarks'),
    passingMarks: examSetting('passingMarks'),
    failedMarks: examSetting('failedMarks'),
    durationMinutes: examSetting('durationMinutes'),
    /** Marks of a practical part the examiner enters; none when left out. */
    practicalMarks: optionalMarks,
    review: z.enum(EXAM_REVIEW_MODES, { error: 'INVALID_VALUE' }).default('score'),
    status: z.enum(EXAM_STATUSES, { error: 'INVALID_VALUE' }).default('active'),
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
export type ExamInput = z.infer<typeof ExamInput>;

const fileId = z.uuid({ error: 'INVALID_VALUE' satisfies MessageCode });

export const AnswerInput = z.strictObject({
  text: z
    .string({ error: 'ANSWER_TEXT_REQUIRED' })
    .trim()
    .min(1, { error: 'ANSWER_TEXT_REQUIRED' })
    .max(ANSWER_TEXT_MAX, { error: 'TOO_LONG' satisfies MessageCode }),
  correct: z.boolean({ error: 'INVALID_VALUE' }).default(false),
  audioFileId: fileId.nullable().optional(),
});
export type AnswerInput = z.infer<typeof AnswerInput>;

/**
 * A question of a bank: non-empty text, 2 to 6 non-empty answers, exactly one correct (spec §5).
 * `linkTo` gives it the item key of the same question in another language of the course.
 */
export const QuestionInput = z
  .strictObject({
    text: z
      .string({ error: 'QUESTION_TEXT_REQUIRED' })
      .trim()
      .min(1, { error: 'QUESTION_TEXT_REQUIRED' })
      .max(QUESTION_TEXT_MAX, { error: 'TOO_LONG' satisfies MessageCode }),
    answers: z.array(AnswerInput, { error: 'ANSWERS_REQUIRED' }).max(ANSWERS_MAX + 4),
    imageFileId: fileId.nullable().optional(),
    audioFileId: fileId.nullable().optional(),
    linkTo: IdSchema.nullable().optional(),
  })
  .superRefine((question, context) => {
    const issue = checkAnswers(question.answers);
    if (issue) context.addIssue({ code: 'custom', path: ['answers'], message: issue });
  });
export type QuestionInput = z.infer<typeof QuestionInput>;

/** The §5 rule on a question's answers, as a message code (undefined: fine). Used by the form, the API and the import. */
export function checkAnswers(answers: readonly { correct: boolean }[]): MessageCode | undefined {
  if (answers.length === 0) return 'ANSWERS_REQUIRED';
  if (answers.length < ANSWERS_MIN || answers.length > ANSWERS_MAX) return 'ANSWERS_COUNT';
  if (answers.filter((answer) => answer.correct).length !== 1) return 'ONE_CORRECT_ANSWER';
  return undefined;
}

export const ExamLanguageParams = z.strictObject({
  id: IdSchema,
  language: z.enum(TRAINING_LANGUAGES, { error: 'INVALID_VALUE' }),
});

export const ExamListItem = z.object({
  id: z.number(),
  titleEn: z.string(),
  titleAr: z.string(),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  questionCount: z.number(),
  fullMarks: z.number(),
  passingMarks: z.number(),
  durationMinutes: z.number(),
  status: z.enum(EXAM_STATUSES),
  createdAt: z.string(),
});
export type ExamListItem = z.infer<typeof ExamListItem>;

export const ExamListQuery = listQuery(['titleEn', 'titleAr', 'createdAt'] as const).extend({
  courseId: IdSchema.optional(),
  status: z.enum(EXAM_STATUSES).optional(),
});
export type ExamListQuery = z.infer<typeof ExamListQuery>;
export const ExamPage = listPage(ExamListItem);
export const ExamCountQuery = countQueryOf(ExamListQuery);
export type ExamCountQuery = z.infer<typeof ExamCountQuery>;

export const BankSummary = z.object({
  language: z.enum(TRAINING_LANGUAGES),
  /** Active (drawable) questions. */
  questionCount: z.number(),
  retiredCount: z.number(),
});
export type BankSummary = z.infer<typeof BankSummary>;

export const Exam = z.object({
  id: z.number(),
  courseId: z.number(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  titleEn: z.string(),
  titleAr: z.string(),
  questionCount: z.number(),
  fullMarks: z.number(),
  passingMarks: z.number(),
  failedMarks: z.number(),
  durationMinutes: z.number(),
  practicalMarks: z.number().nullable(),
  review: z.enum(EXAM_REVIEW_MODES),
  status: z.enum(EXAM_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every exam language, with the course's bank in it (0 questions where there is none yet). */
  banks: z.array(BankSummary),
  abilities: Abilities('edit', 'editQuestions'),
});
export type Exam = z.infer<typeof Exam>;

export const BankAnswer = z.object({
  id: z.number(),
  text: z.string(),
  /** Staff-only: never sent to a candidate. */
  correct: z.boolean(),
  audioFileId: z.string().nullable(),
});

export const BankQuestion = z.object({
  id: z.number(),
  itemKey: z.string(),
  text: z.string(),
  imageFileId: z.string().nullable(),
  audioFileId: z.string().nullable(),
  position: z.number(),
  retired: z.boolean(),
  /** An attempt drew it: it may be retired, not changed. */
  used: z.boolean(),
  /** The languages of the course holding the same item. */
  linkedLanguages: z.array(z.enum(TRAINING_LANGUAGES)),
  answers: z.array(BankAnswer),
});
export type BankQuestion = z.infer<typeof BankQuestion>;

export const Bank = z.object({
  examId: z.number(),
  courseId: z.number(),
  language: z.enum(TRAINING_LANGUAGES),
  direction: z.enum(['rtl', 'ltr']),
  questions: z.array(BankQuestion),
  abilities: Abilities('editQuestions'),
});
export type Bank = z.infer<typeof Bank>;

export const IMPORT_MODES = ['append', 'replace'] as const;
export const BankImportQuery = z.strictObject({ mode: z.enum(IMPORT_MODES).default('append') });

/** The file rules of the builder's uploads. */
export const QUESTION_MEDIA_RULE = {
  required: true,
  maxMegabytes: 5,
  types: ['image/jpeg', 'image/png', 'image/webp', 'audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4'],
} as const;
export const BANK_IMPORT_RULE = {
  required: true,
  maxMegabytes: 5,
  types: ['application/zip'],
} as const;
/** The most questions one imported file may hold. */
export const BANK_IMPORT_MAX_ROWS = 2000;

/** One bad cell of an imported file: its row (as the spreadsheet numbers it), column and message. */
export const ImportRowError = z.object({
  row: z.number(),
  column: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const BankImported = z.object({
  added: z.number(),
  updated: z.number(),
  retired: z.number(),
  message: z.string(),
});

export const MediaSaved = z.object({ fileId: z.string(), mimeType: z.string() });

/** The columns of a bank's spreadsheet, in order (export writes them, import reads them by header). */
export const BANK_SHEET_COLUMNS = [
  'item key',
  'question',
  'answer 1',
  'answer 2',
  'answer 3',
  'answer 4',
  'answer 5',
  'answer 6',
  'correct answer',
] as const;
