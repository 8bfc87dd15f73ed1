/**
 * Exams (spec §3 Exam, Question; §4 results and attendance; §5 exam rules; DESIGN §5 Exams and
 * Certificates): the facts both the API and every screen need. Without Zod.
 */

/** What a candidate may see once an attempt is submitted (the exam's review setting). */
export const EXAM_REVIEW_MODES = ['none', 'score', 'answers'] as const;
export type ExamReviewMode = (typeof EXAM_REVIEW_MODES)[number];

export const EXAM_STATUSES = ['active', 'inactive'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

/**
 * An attempt: `in_progress` from the first start until submitted — by the candidate, by the
 * server at its deadline, or by a proctor who stops it.
 */
export const ATTEMPT_STATUSES = ['in_progress', 'submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const ATTEMPT_SUBMITTERS = ['candidate', 'deadline', 'proctor'] as const;
export type AttemptSubmitter = (typeof ATTEMPT_SUBMITTERS)[number];

/** Spec §4 results. */
export const EXAM_RESULTS = ['Passed', 'Failed'] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];

/** Passed when the score reaches the passing marks, else Failed. */
export function resultOf(score: number, passingMarks: number): ExamResult {
  return score >= passingMarks ? 'Passed' : 'Failed';
}

/**
 * The marks of an attempt from its correct answers: full marks shared evenly over the questions,
 * rounded to two decimals (an exam of 30 questions for 100 marks gives 3.33 a question, and all
 * 30 right give exactly 100).
 */
export function marksOf(correct: number, questionCount: number, fullMarks: number): number {
  if (questionCount <= 0) return 0;
  if (correct >= questionCount) return fullMarks;
  return Math.round(((correct * fullMarks) / questionCount) * 100) / 100;
}

/** The official retake rule (reference/saudi-reference.md): what a worker's next step is after `fails` failed exams of a course. */
export type NextExamStep =
  | { kind: 'Assessment' }
  | { kind: 'ReAssessment'; paid: false }
  | { kind: 'ReTake'; paid: true }
  | { kind: 'rebook-course' };

export function nextExamStep(fails: number): NextExamStep {
  if (fails <= 0) return { kind: 'Assessment' };
  if (fails === 1) return { kind: 'ReAssessment', paid: false };
  if (fails === 2) return { kind: 'ReTake', paid: true };
  return { kind: 'rebook-course' };
}

/** The ReTake fee when the fees setup names none, halalas (SAR 150). */
export const DEFAULT_RETAKE_FEE = 15_000;

/** The writing direction of an exam language (ISO 639 code): Arabic and Urdu right to left. */
export function directionOfLanguage(language: string): 'rtl' | 'ltr' {
  return ['ar', 'ur', 'fa', 'he'].includes(language) ? 'rtl' : 'ltr';
}

/** Text limits of a bank's questions and answers (long enough for any of the exam languages). */
export const QUESTION_TEXT_MAX = 1000;
export const ANSWER_TEXT_MAX = 500;

/** How many answers a question may offer. */
export const ANSWERS_MIN = 2;
export const ANSWERS_MAX = 6;

/** Files a check-in may keep: the live photo, and for a Remote exam the room from four sides and (where the centre keeps ID copies) the ID photo. */
export const CHECKIN_PHOTO_KINDS = [
  'live',
  'id',
  'room-front',
  'room-back',
  'room-left',
  'room-right',
] as const;
export type CheckinPhotoKind = (typeof CHECKIN_PHOTO_KINDS)[number];

/** Proctor actions on an attempt, each recorded with its reason. */
export const PROCTOR_ACTIONS = ['admit', 'stop', 'restart', 'extra-time'] as const;
export type ProctorAction = (typeof PROCTOR_ACTIONS)[number];

/** How long a certificate is valid from its issue, in months. */
export const CERTIFICATE_VALIDITY_MONTHS = 12;

/** The ten fingers a fingerprint may be enrolled from (spec §3 Fingerprint record). */
export const FINGERS = [
  'right-thumb',
  'right-index',
  'right-middle',
  'right-ring',
  'right-little',
  'left-thumb',
  'left-index',
  'left-middle',
  'left-ring',
  'left-little',
] as const;
export type Finger = (typeof FINGERS)[number];

/** Captures an enrolment takes of the chosen finger (spec §9: fingerprint progress counts four captures). */
export const FINGERPRINT_CAPTURES = 4;

/** Sensitive personal data whose every reading is logged (DESIGN §5 Personal data). */
export const SENSITIVE_SUBJECTS = ['photo', 'fingerprint'] as const;
export type SensitiveSubject = (typeof SENSITIVE_SUBJECTS)[number];

/**
 * The centre's check-in rule (API config `CHECKIN_KEEP_ID_PHOTO`, decision 0015): under the
 * PDPL an ID copy is kept only where the centre says a regulation requires it; otherwise the ID
 * number typed and matched stands for it.
 */
export interface CheckinPolicy {
  keepIdPhoto: boolean;
}

/** What a booking's check-in holds so far (exam/check-out), as the API reports it and the start rule reads it. */
export interface CheckinState {
  /** A Remote sitting also needs the room from four sides (and the ID photo where the centre keeps it). */
  remote: boolean;
  idNumberChecked: boolean;
  photos: readonly CheckinPhotoKind[];
  fingerprintEnrolled: boolean;
  fingerprintChecked: boolean;
  /** A proctor admitted the candidate (with a reason), whatever is missing. */
  admitted: boolean;
}

/**
 * The photos a sitting needs: the live one, and for Remote the room from four sides, with the ID
 * photo only where the centre's policy keeps ID copies.
 */
export function requiredCheckinPhotos(remote: boolean, policy: CheckinPolicy): readonly CheckinPhotoKind[] {
  if (!remote) return ['live'];
  return policy.keepIdPhoto ? CHECKIN_PHOTO_KINDS : CHECKIN_PHOTO_KINDS.filter((kind) => kind !== 'id');
}

/**
 * Whether a candidate may start: admitted by a proctor, or the ID number matched, every required
 * photo taken and, where a fingerprint is enrolled, the fingerprint checked.
 */
export function isCheckinComplete(state: CheckinState, policy: CheckinPolicy): boolean {
  if (state.admitted) return true;
  return (
    state.idNumberChecked &&
    requiredCheckinPhotos(state.remote, policy).every((kind) => state.photos.includes(kind)) &&
    (!state.fingerprintEnrolled || state.fingerprintChecked)
  );
}
