import {
  ATTEMPT_STATUSES,
  ATTEMPT_SUBMITTERS,
  CHECKIN_PHOTO_KINDS,
  EXAM_RESULTS,
  EXAM_REVIEW_MODES,
  EXAM_SESSION_TYPES,
  EXAM_STATUSES,
  FINGERS,
  PROCTOR_ACTIONS,
  SENSITIVE_SUBJECTS,
  TRAINING_LANGUAGES,
} from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { at, timestamps } from './common.ts';
import { courses } from './courses.ts';
import { scheduledSessions } from './scheduling.ts';
import { files, students, users } from './users.ts';

/** The questions of a course in one exam language (DESIGN §5 Exams): one bank per course and language. */
export const questionBanks = pgTable(
  'question_banks',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    language: text('language', { enum: TRAINING_LANGUAGES }).notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('question_banks_course_language_key').on(table.courseId, table.language)],
);

/**
 * A question of a bank. `item_key` is shared by the same question in every language of the
 * course, so that statistics are per item across languages. A retired question stays for the
 * attempts that drew it and is never drawn again.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id),
    itemKey: uuid('item_key').notNull().defaultRandom(),
    text: text('text').notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id),
    /** A recording of the question read aloud, for candidates who read poorly. */
    audioFileId: uuid('audio_file_id').references(() => files.id),
    position: integer('position').notNull().default(0),
    retiredAt: at('retired_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('questions_bank_item_key').on(table.bankId, table.itemKey),
    index('questions_bank_idx').on(table.bankId, table.position, table.id),
    check('questions_text_check', sql`length(btrim(${table.text})) > 0`),
  ],
);

/** An answer of a question; at most one per question is correct (the builder requires exactly one). */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    audioFileId: uuid('audio_file_id').references(() => files.id),
    isCorrect: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('question_answers_question_idx').on(table.questionId, table.position),
    uniqueIndex('question_answers_one_correct_key').on(table.questionId).where(sql`${table.isCorrect}`),
    check('question_answers_text_check', sql`length(btrim(${table.text})) > 0`),
  ],
);

/**
 * A course's exam (spec §3 Exam; the course wizard's exam step and the assessment builder edit the
 * same row): how many questions are drawn, the marks, the duration, whether
 * it has a practical part, and what a candidate may review afterwards. One active exam per course.
 */
export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    questionCount: integer('question_count').notNull(),
    fullMarks: numeric('full_marks', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    passingMarks: numeric('passing_marks', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    failedMarks: numeric('failed_marks', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Marks of the practical part the examiner enters; null when the exam has none. */
    practicalMarks: numeric('practical_marks', { precision: 7, scale: 2, mode: 'number' }),
    review: text('review', { enum: EXAM_REVIEW_MODES }).notNull().default('score'),
    status: text('status', { enum: EXAM_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('exams_active_course_key').on(table.courseId).where(sql`${table.status} = 'active'`),
    check(
      'exams_marks_check',
      sql`${table.questionCount} > 0 and ${table.durationMinutes} > 0 and ${table.fullMarks} > 0 and ${table.passingMarks} < ${table.fullMarks} and ${table.failedMarks} >= 0 and ${table.failedMarks} <= ${table.passingMarks}`,
    ),
  ],
);

/**
 * A booking's check-in before its exam session: the ID number typed and matched, the live
 * photo (and for Remote the ID photo and the room from four sides, in `exam_checkin_photos`),
 * the fingerprint check where one is enrolled, and who admitted the candidate.
 */
export const examCheckins = pgTable('exam_checkins', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  idNumberCheckedAt: at('id_number_checked_at'),
  fingerprintCheckedAt: at('fingerprint_checked_at'),
  admittedByUserId: integer('admitted_by_user_id').references(() => users.id),
  admittedAt: at('admitted_at'),
  ...timestamps,
});

export const examCheckinPhotos = pgTable(
  'exam_checkin_photos',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => examCheckins.bookingId),
    kind: text('kind', { enum: CHECKIN_PHOTO_KINDS }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.kind] })],
);

/**
 * One attempt per booking (a unique index: parallel starts get the same attempt). `ends_at` is
 * the server's deadline (start + duration + extra time); answers after it are refused and the
 * sweep submits what is past it. Score and result are set on submission.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => scheduledSessions.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    language: text('language', { enum: TRAINING_LANGUAGES }).notNull(),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('in_progress'),
    startedAt: at('started_at').notNull().defaultNow(),
    endsAt: at('ends_at').notNull(),
    extraSeconds: integer('extra_seconds').notNull().default(0),
    submittedAt: at('submitted_at'),
    submittedBy: text('submitted_by', { enum: ATTEMPT_SUBMITTERS }),
    correctCount: integer('correct_count'),
    writtenScore: numeric('written_score', { precision: 7, scale: 2, mode: 'number' }),
    practicalScore: numeric('practical_score', { precision: 7, scale: 2, mode: 'number' }),
    score: numeric('score', { precision: 7, scale: 2, mode: 'number' }),
    result: text('result', { enum: EXAM_RESULTS }),
    /** When the result was decided: the submission, or the practical score it waited for. Certificates are dated by it. */
    decidedAt: at('decided_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('exam_attempts_booking_key').on(table.bookingId),
    index('exam_attempts_session_idx').on(table.sessionId),
    index('exam_attempts_student_idx').on(table.studentId, table.startedAt),
    index('exam_attempts_due_idx').on(table.endsAt).where(sql`${table.status} = 'in_progress'`),
    check(
      'exam_attempts_time_check',
      sql`${table.endsAt} > ${table.startedAt} and ${table.extraSeconds} >= 0`,
    ),
    check(
      'exam_attempts_submitted_check',
      sql`(${table.status} = 'submitted') = (${table.submittedAt} is not null)`,
    ),
    check('exam_attempts_decided_check', sql`(${table.result} is null) = (${table.decidedAt} is null)`),
  ],
);

/**
 * The questions an attempt drew, in the order shown, with the answers' shuffled order and the
 * one chosen. An answer is one upsert of this row, acknowledged after commit.
 */
export const attemptQuestions = pgTable(
  'attempt_questions',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id),
    position: integer('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    answerOrder: integer('answer_order').array().notNull(),
    chosenAnswerId: integer('chosen_answer_id').references(() => questionAnswers.id),
    answeredAt: at('answered_at'),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.position] }),
    uniqueIndex('attempt_questions_question_key').on(table.attemptId, table.questionId),
    index('attempt_questions_question_idx').on(table.questionId),
  ],
);

/**
 * A certificate, issued on a pass: a serial from a gap-free series, its validity, the Ed25519
 * signature of its key fields that the QR carries for offline checks, and what it states as it
 * was at issue (decision 0025): the holder's names, ID number and photo (a copy of its own,
 * `certificate-photo`) and the course's names. A name correction is a reissue: a new row for the
 * same attempt naming the one it replaces (`reissue_of_id`), which is revoked as "reissued".
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull().unique(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    score: numeric('score', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    validUntil: date('valid_until').notNull(),
    signature: text('signature').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    holderNameEn: text('holder_name_en').notNull(),
    holderNameAr: text('holder_name_ar').notNull(),
    /** The ID or Iqama number as printed ('' for a holder who had none). */
    holderIdNumber: text('holder_id_number').notNull(),
    courseNameEn: text('course_name_en').notNull(),
    courseNameAr: text('course_name_ar').notNull(),
    photoFileId: uuid('photo_file_id').references(() => files.id),
    reissueOfId: integer('reissue_of_id').references((): AnyPgColumn => certificates.id),
    ...timestamps,
  },
  (table) => [
    // One first issue per attempt; each certificate is reissued at most once.
    uniqueIndex('certificates_attempt_key').on(table.attemptId).where(sql`${table.reissueOfId} is null`),
    uniqueIndex('certificates_reissue_of_key').on(table.reissueOfId),
    index('certificates_student_idx').on(table.studentId, table.issuedAt),
    index('certificates_holder_id_number_idx').on(table.holderIdNumber),
  ],
);

/**
 * What a proctor (examiner or admin) did to a candidate's sitting, with the reason: admitted
 * them without a complete check-in, stopped, restarted or gave extra time to their attempt.
 */
export const examProctorActions = pgTable(
  'exam_proctor_actions',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    attemptId: integer('attempt_id').references(() => examAttempts.id),
    action: text('action', { enum: PROCTOR_ACTIONS }).notNull(),
    reason: text('reason').notNull(),
    extraSeconds: integer('extra_seconds'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('exam_proctor_actions_booking_idx').on(table.bookingId, table.createdAt),
    check('exam_proctor_actions_reason_check', sql`length(btrim(${table.reason})) > 0`),
    check(
      'exam_proctor_actions_extra_check',
      sql`(${table.action} = 'extra-time') = (${table.extraSeconds} is not null and ${table.extraSeconds} > 0)`,
    ),
  ],
);

/**
 * A student's enrolled fingerprint (students/biometricdata): the chosen finger and the template
 * the reader built from four captures. Sensitive: every reading is logged.
 */
export const studentFingerprints = pgTable('student_fingerprints', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id),
  finger: text('finger', { enum: FINGERS }).notNull(),
  template: text('template').notNull(),
  enrolledByUserId: integer('enrolled_by_user_id').references(() => users.id),
  enrolledAt: at('enrolled_at').notNull().defaultNow(),
});

/** Who read whose photo or fingerprint, when and why (DESIGN §5 Personal data). Append-only. */
export const sensitiveAccessLog = pgTable(
  'sensitive_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    subject: text('subject', { enum: SENSITIVE_SUBJECTS }).notNull(),
    fileId: uuid('file_id').references(() => files.id),
    purpose: text('purpose').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('sensitive_access_log_student_idx').on(table.studentId, table.createdAt)],
);

/** The Riyadh calendar day of now, the database's default for a stats row written without its day. */
const riyadhToday = sql`((now() at time zone 'Asia/Riyadh')::date)`;

/**
 * Per question and Riyadh day, how often it was drawn and answered wrong: kept up to date by each
 * submission, so the dashboards' top failing questions (per item across languages, by `item_key`)
 * over a period are read, never scanned from the attempts.
 */
export const examQuestionStats = pgTable(
  'exam_question_stats',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    /** The Riyadh calendar day of the submission. */
    day: date('day', { mode: 'string' }).notNull().default(riyadhToday),
    drawn: integer('drawn').notNull().default(0),
    wrong: integer('wrong').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.day] })],
);

/**
 * Passes and fails per Riyadh day of the result, course, exam language and form (Assessment,
 * ReAssessment, ReTake), kept by each result.
 */
export const examResultStats = pgTable(
  'exam_result_stats',
  {
    /** The Riyadh calendar day the result was decided (the submission, or the practical score). */
    day: date('day', { mode: 'string' }).notNull().default(riyadhToday),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    language: text('language', { enum: TRAINING_LANGUAGES }).notNull(),
    examType: text('exam_type', { enum: EXAM_SESSION_TYPES }).notNull(),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.courseId, table.language, table.examType] })],
);
