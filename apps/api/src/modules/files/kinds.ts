import type {
  CenterAttachment,
  CheckinPhotoKind,
  CorporateAttachment,
  StudentAttachment,
} from '@tasreeh/shared';

/** Whose personal data a stored file is: the first word of its kind says it. */
export type FileHolder = 'student' | 'corporate' | 'center';

const HOLDERS: readonly string[] = ['student', 'corporate', 'center'] satisfies FileHolder[];

/**
 * Every kind of stored file. A personal file's kind names its holder; the files policy serves
 * it by that. Course and product images are nobody's: their own routes serve them.
 */
export const FileKind = {
  student: (attachment: StudentAttachment) => `student-${attachment}`,
  corporate: (attachment: CorporateAttachment) => `corporate-${attachment}`,
  center: (attachment: CenterAttachment) => `center-${attachment}`,
  /**
   * A check-in photo (live, ID, room): the student's, but deliberately not `student-…`, so that
   * the general files route serves it to its owner alone; staff read it through the check-in
   * route, which logs every reading (sensitive_access_log).
   */
  checkin: (kind: CheckinPhotoKind) => `checkin-${kind}`,
  /**
   * The holder's photo as a certificate keeps it (decision 0025): a copy of its own, so that no
   * later photo change, check-in photo purge or orphan sweep removes it. Not `student-…`, so the
   * general files route serves it to its owner alone; the certificate's PDF and the public photo of
   * a signed code read it, each reading logged (sensitive_access_log).
   */
  certificatePhoto: 'certificate-photo',
  courseImage: 'course-image',
  productImage: 'product-image',
  /** An image or a recording of a bank's question or answer (not personal data; the builder's routes serve it). */
  questionMedia: 'question-media',
  /**
   * A file of `kind` no row names, on its way out of the store (files/orphans.ts): no command
   * accepts it, no route serves it.
   */
  removing: (kind: string) => `removing-${kind}`,
} as const;

/** The holder named by a file's kind; undefined for a file that is nobody's personal data. */
export function holderOf(kind: string): FileHolder | undefined {
  const holder = kind.slice(0, kind.indexOf('-'));
  return HOLDERS.includes(holder) ? (holder as FileHolder) : undefined;
}
