import { CHECKIN_PHOTO_KINDS, FINGERPRINT_CAPTURES, FINGERS } from '../exams.ts';
import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';

/**
 * Check-in before an exam (exam/check-out) and fingerprint enrolment (students/biometricdata):
 * the bodies and answers both the API and the screens use.
 */

/** The ID or Iqama number the candidate types: digits in any script, compared as ASCII, upper case. */
export const CheckinIdNumberInput = z.strictObject({
  idNumber: z
    .string({ error: 'REQUIRED' satisfies MessageCode })
    .max(40, { error: 'TOO_LONG' satisfies MessageCode })
    .transform((value) => normalizeDigits(value.trim()).toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: 'REQUIRED' satisfies MessageCode })
        .regex(/^[A-Z0-9]{1,30}$/, { error: 'INVALID_VALUE' satisfies MessageCode }),
    ),
});
export type CheckinIdNumberInput = z.infer<typeof CheckinIdNumberInput>;

/**
 * One reading of a finger as the reader service gives it: printable base64 (or base64url) text,
 * with a short `scheme:` prefix allowed. Never more than 16 KiB.
 */
export const FingerprintSample = z
  .string({ error: 'REQUIRED' satisfies MessageCode })
  .min(8, { error: 'INVALID_VALUE' satisfies MessageCode })
  .max(16_384, { error: 'TOO_LONG' satisfies MessageCode })
  .regex(/^[A-Za-z0-9+/=_.:-]+$/, { error: 'INVALID_VALUE' satisfies MessageCode });

export const CheckinFingerprintInput = z.strictObject({ sample: FingerprintSample });
export type CheckinFingerprintInput = z.infer<typeof CheckinFingerprintInput>;

export const CheckinPhotoKindSchema = z.enum(CHECKIN_PHOTO_KINDS, {
  error: 'INVALID_VALUE' satisfies MessageCode,
});

/** Where a check-in stands in time: before its window opens, open, or after the session ended. */
export const CHECKIN_PHASES = ['not-started', 'open', 'finished'] as const;
export type CheckinPhase = (typeof CHECKIN_PHASES)[number];

/** A booking's check-in as the candidate's screen reads it (CheckinState and what decides the steps). */
export const CheckinView = z.object({
  bookingId: z.number(),
  remote: z.boolean(),
  idNumberChecked: z.boolean(),
  photos: z.array(CheckinPhotoKindSchema),
  requiredPhotos: z.array(CheckinPhotoKindSchema),
  fingerprintEnrolled: z.boolean(),
  /** The finger to put on the reader, when one is enrolled. */
  finger: z.enum(FINGERS).nullable(),
  fingerprintChecked: z.boolean(),
  admitted: z.boolean(),
  complete: z.boolean(),
  phase: z.enum(CHECKIN_PHASES),
  /** The window: from `opensAt` (60 minutes before the start) until the session's end. */
  opensAt: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  courseNameEn: z.string(),
  courseNameAr: z.string(),
  /** "Exam Not Started yet" / "This exam is finished" in the caller's language, outside the window. */
  message: z.string().nullable(),
});
export type CheckinView = z.infer<typeof CheckinView>;

/** `PUT /api/students/:id/fingerprint`: the chosen finger and its four captures. */
export const FingerprintEnrolInput = z.strictObject({
  finger: z.enum(FINGERS, { error: 'INVALID_VALUE' satisfies MessageCode }),
  captures: z
    .array(FingerprintSample, { error: 'REQUIRED' satisfies MessageCode })
    .length(FINGERPRINT_CAPTURES, { error: 'FINGERPRINT_CAPTURES_REQUIRED' satisfies MessageCode }),
});
export type FingerprintEnrolInput = z.infer<typeof FingerprintEnrolInput>;

/** What is enrolled for a student: the finger and when, by whom — never the template. */
export const FingerprintStatus = z.object({
  studentId: z.number(),
  enrolled: z.boolean(),
  finger: z.enum(FINGERS).nullable(),
  enrolledAt: z.string().nullable(),
  enrolledByName: z.string().nullable(),
  /** `enrol` a finger (replacing any), `remove` the one enrolled: the fingerprints policy's answer. */
  abilities: Abilities('enrol', 'remove'),
});
export type FingerprintStatus = z.infer<typeof FingerprintStatus>;
