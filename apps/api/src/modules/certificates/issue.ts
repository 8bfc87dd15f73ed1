import { CERTIFICATE_VALIDITY_MONTHS, centreDay, certificateClaimsBytes } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, examAttempts, exams } from '../../db/schema/index.ts';
import { nextInSeries } from '../../lib/document-series.ts';
import { loadCertificateClaims } from './claims.ts';
import type { CertificateSigner } from './signing-key.ts';

const SERIES = 'CRT';

/** The last day a certificate issued on `issuedOn` (`YYYY-MM-DD`) is valid: the same day, months later. */
export function validUntilOf(issuedOn: string, months = CERTIFICATE_VALIDITY_MONTHS): string {
  const [year = 0, month = 1, day = 1] = issuedOn.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Issues the certificate of a passed attempt inside the caller's transaction (the submission's or
 * the practical score's): a serial from its gap-free series, issued on the day the result was
 * decided (from the attempt row, so a past sitting or a late sweep is dated right) and valid a
 * year from it, and the Ed25519 signature of its claims (what the QR carries). Returns the id of
 * the attempt's certificate; an attempt that already has one keeps it.
 */
export async function issueCertificate(
  db: Db,
  signer: CertificateSigner,
  attemptId: number,
): Promise<number> {
  const [existing] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.attemptId, attemptId));
  if (existing) return existing.id;
  const [attempt] = await db
    .select({
      studentId: examAttempts.studentId,
      courseId: exams.courseId,
      score: examAttempts.score,
      decidedAt: examAttempts.decidedAt,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(eq(examAttempts.id, attemptId));
  if (!attempt || attempt.score === null || !attempt.decidedAt) {
    throw new Error(`attempt ${attemptId} has no decided result to certify`);
  }
  const issuedAt = attempt.decidedAt;
  const [row] = await db
    .insert(certificates)
    .values({
      serial: await nextInSeries(db, SERIES),
      attemptId,
      studentId: attempt.studentId,
      courseId: attempt.courseId,
      score: attempt.score,
      issuedAt,
      validUntil: validUntilOf(centreDay(issuedAt)),
      signature: '',
    })
    .returning({ id: certificates.id });
  if (!row) throw new Error('certificate not inserted');
  const loaded = await loadCertificateClaims(db, row.id);
  if (!loaded) throw new Error('certificate not readable');
  const signature = Buffer.from(signer.sign(certificateClaimsBytes(loaded.claims))).toString('base64url');
  await db.update(certificates).set({ signature }).where(eq(certificates.id, row.id));
  return row.id;
}
