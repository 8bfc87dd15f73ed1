import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { requiredText } from './common.ts';
import { listPage } from './lists.ts';

/** A certificate's state on a given day: revoked by staff, past its validity, or good. */
export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The status of a certificate valid to `validUntil` (`YYYY-MM-DD`) on the centre's day `today`. */
export function certificateStatusOf(
  certificate: { validUntil: string; revoked: boolean },
  today: string,
): CertificateStatus {
  if (certificate.revoked) return 'revoked';
  return certificate.validUntil < today ? 'expired' : 'valid';
}

/** Another certificate a reissue links to: the one it replaced, or the one that replaced it. */
const CertificateLink = z.object({ id: z.number(), serial: z.string() });

/**
 * `GET /api/certificates/:id` and the rows of the lists: what the holder, their corporate and staff
 * see — what the certificate stated at its issue, never the holder's profile as it is now.
 */
export const Certificate = z.object({
  id: z.number(),
  serial: z.string(),
  studentId: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  idNumber: z.string(),
  courseEn: z.string(),
  courseAr: z.string(),
  score: z.string(),
  issuedOn: z.string(),
  validUntil: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** When staff revoked it (ISO time) and why; null while it is in force. */
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** What the QR carries after `#c=` on the verification page: the signed claims. */
  code: z.string(),
  /** The certificate this one was reissued in place of, and the one that was reissued in place of it. */
  reissueOf: CertificateLink.nullable(),
  reissuedAs: CertificateLink.nullable(),
  /** Revoke or reissue it (edit_20, its branch, while in force): the certificates policy's answer. */
  abilities: Abilities('revoke', 'reissue'),
});
export type Certificate = z.infer<typeof Certificate>;

/** The shortest and longest reason a revocation is recorded with (trimmed). */
export const REVOKE_REASON_MIN = 3;
export const REVOKE_REASON_MAX = 500;

/** Why staff withdraw or reissue a certificate, 3–500 characters. */
const certificateReason = requiredText('ENTER_REASON', REVOKE_REASON_MAX).min(REVOKE_REASON_MIN, {
  error: 'REVOKE_REASON_TOO_SHORT' satisfies MessageCode,
});

/** `POST /api/certificates/:id/revoke` (edit_20): why the certificate is withdrawn. */
export const CertificateRevokeInput = z.strictObject({ reason: certificateReason });
export type CertificateRevokeInput = z.input<typeof CertificateRevokeInput>;

/**
 * `POST /api/certificates/:id/reissue` (edit_20): why the certificate is issued again with a new
 * number from the holder's corrected profile (a name correction).
 */
export const CertificateReissueInput = z.strictObject({ reason: certificateReason });
export type CertificateReissueInput = z.input<typeof CertificateReissueInput>;

export const CertificateList = z.object({ items: z.array(Certificate) });
export type CertificateList = z.infer<typeof CertificateList>;

/** `GET /api/certificates`: the holder's or the corporate's, newest first, a page at a time. */
export const CertificateListQuery = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CertificateListQuery = z.input<typeof CertificateListQuery>;
export const CertificatePage = listPage(Certificate);
export type CertificatePage = z.infer<typeof CertificatePage>;

/** A certificate number as printed (`CRT-000001`); lower case and Arabic-Indic digits are accepted. */
const certificateNumber = z
  .string({ error: 'CERTIFICATE_NUMBER_INVALID' satisfies MessageCode })
  .max(40, { error: 'CERTIFICATE_NUMBER_INVALID' satisfies MessageCode })
  .transform((value) => normalizeDigits(value.trim()).toUpperCase())
  .pipe(z.string().regex(/^CRT-\d{6,9}$/, { error: 'CERTIFICATE_NUMBER_INVALID' satisfies MessageCode }));

/** An ID or Iqama number (or a passport-style number) as typed; Arabic-Indic digits are accepted. */
const idNumberQuery = z
  .string({ error: 'ID_NUMBER_INVALID' satisfies MessageCode })
  .max(40, { error: 'ID_NUMBER_INVALID' satisfies MessageCode })
  .transform((value) => normalizeDigits(value.trim()).toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, { error: 'ID_NUMBER_INVALID' satisfies MessageCode }));

/** Exactly one of a certificate number and an ID number. */
function oneKey(
  query: { number?: string | undefined; idNumber?: string | undefined },
  context: z.RefinementCtx,
) {
  if ((query.number === undefined) === (query.idNumber === undefined)) {
    context.addIssue({
      code: 'custom',
      path: ['number'],
      message: 'CERTIFICATE_INQUIRY_KEY' satisfies MessageCode,
    });
  }
}

/** `GET /api/public/certificates`: a certificate number or an ID number, and the ALTCHA payload. */
export const PublicCertificateQuery = z
  .strictObject({
    number: certificateNumber.optional(),
    idNumber: idNumberQuery.optional(),
    altcha: z.string().max(4000).optional(),
  })
  .superRefine(oneKey);
export type PublicCertificateQuery = z.input<typeof PublicCertificateQuery>;

/** What the public inquiry shows: masked name and ID, the course, the status and validity. */
export const PublicCertificate = z.object({
  serial: z.string(),
  maskedNameEn: z.string(),
  maskedNameAr: z.string(),
  maskedIdNumber: z.string(),
  courseEn: z.string(),
  courseAr: z.string(),
  issuedOn: z.string(),
  validUntil: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

export const PublicCertificateList = z.object({ items: z.array(PublicCertificate) });
export type PublicCertificateList = z.infer<typeof PublicCertificateList>;

/** `GET /api/certificates/search` (health-check, read_20): the staff side of the inquiry, no challenge. */
export const CertificateSearchQuery = z
  .strictObject({ number: certificateNumber.optional(), idNumber: idNumberQuery.optional() })
  .superRefine(oneKey);
export type CertificateSearchQuery = z.input<typeof CertificateSearchQuery>;

/** `GET /api/public/certificate-key`: the centre's Ed25519 public key, raw 32 bytes as base64url. */
export const CertificateKey = z.object({ algorithm: z.literal('Ed25519'), publicKey: z.string() });
export type CertificateKey = z.infer<typeof CertificateKey>;

/**
 * `POST /api/public/certificates/status`: the online check of a scanned code. No challenge: the
 * caller must hold the code the centre signed, and learns nothing the code does not carry. The
 * holder's photo (`POST /api/public/certificates/photo`) is asked for with the same code.
 */
export const CertificateStatusQuery = z.strictObject({
  code: z
    .string({ error: 'CERTIFICATE_CODE_INVALID' satisfies MessageCode })
    .min(1, { error: 'CERTIFICATE_CODE_INVALID' satisfies MessageCode })
    .max(4000, { error: 'CERTIFICATE_CODE_INVALID' satisfies MessageCode }),
});
export type CertificateStatusQuery = z.input<typeof CertificateStatusQuery>;

/** Only the status on the centre's day and the validity end (which the code carries already). */
export const CertificateStatusAnswer = z.object({
  status: z.enum(CERTIFICATE_STATUSES),
  validUntil: z.string(),
});
export type CertificateStatusAnswer = z.infer<typeof CertificateStatusAnswer>;

/** A name as the public inquiry shows it: each word's first letter and three stars, whatever its length. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ');
}

/** An ID number as the public inquiry shows it: its first digit and last two, the rest starred. */
export function maskIdNumber(idNumber: string): string {
  const chars = [...idNumber];
  if (chars.length < 6) return '*'.repeat(Math.max(chars.length, 4));
  return `${chars[0]}${'*'.repeat(chars.length - 3)}${chars.slice(-2).join('')}`;
}
