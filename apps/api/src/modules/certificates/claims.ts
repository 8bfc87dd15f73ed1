import { type CertificateClaims, centreDay, certificateClaimsBytes, certificateCode } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, courses, students, users } from '../../db/schema/index.ts';

/** What a certificate's signature covers, read from its row, its holder and its course. */
export async function loadCertificateClaims(
  db: Db,
  certificateId: number,
): Promise<{ claims: CertificateClaims; signature: string } | undefined> {
  const [row] = await db
    .select({
      serial: certificates.serial,
      idNumber: users.idNumber,
      nameEn: users.nameEn,
      nameAr: users.nameAr,
      courseEn: courses.nameEn,
      courseAr: courses.nameAr,
      score: certificates.score,
      issuedAt: certificates.issuedAt,
      validUntil: certificates.validUntil,
      signature: certificates.signature,
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.id, certificateId));
  if (!row) return undefined;
  const { issuedAt, score, idNumber, signature, ...fields } = row;
  return {
    claims: { ...fields, idNumber: idNumber ?? '', score: score.toFixed(2), issuedOn: centreDay(issuedAt) },
    signature,
  };
}

/** The code a certificate's QR carries (after `#c=` on the verification page). */
export function codeOf(claims: CertificateClaims, signature: string): string {
  return certificateCode(certificateClaimsBytes(claims), Buffer.from(signature, 'base64url'));
}
