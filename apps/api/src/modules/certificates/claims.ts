import { type CertificateClaims, centreDay, certificateClaimsBytes, certificateCode } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates } from '../../db/schema/index.ts';

/** What a certificate states, as its row keeps it from its issue (decision 0025). */
export interface StatedFields {
  serial: string;
  holderNameEn: string;
  holderNameAr: string;
  holderIdNumber: string;
  courseNameEn: string;
  courseNameAr: string;
  score: number;
  issuedAt: Date;
  validUntil: string;
}

/**
 * The claims a certificate's signature covers (what its QR carries), from what the certificate
 * states: the same at its issue and at every later reading, whatever became of the holder's
 * profile or the course since.
 */
export function claimsOf(stated: StatedFields): CertificateClaims {
  return {
    serial: stated.serial,
    idNumber: stated.holderIdNumber,
    nameEn: stated.holderNameEn,
    nameAr: stated.holderNameAr,
    courseEn: stated.courseNameEn,
    courseAr: stated.courseNameAr,
    score: stated.score.toFixed(2),
    issuedOn: centreDay(stated.issuedAt),
    validUntil: stated.validUntil,
  };
}

/** What a certificate's signature covers, and the signature, read from its row alone. */
export async function loadCertificateClaims(
  db: Db,
  certificateId: number,
): Promise<{ claims: CertificateClaims; signature: string } | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, certificateId));
  return row ? { claims: claimsOf(row), signature: row.signature } : undefined;
}

/** The code a certificate's QR carries (after `#c=` on the verification page). */
export function codeOf(claims: CertificateClaims, signature: string): string {
  return certificateCode(certificateClaimsBytes(claims), Buffer.from(signature, 'base64url'));
}
