import { CERTIFICATE_VALIDITY_MONTHS, centreDay, certificateClaimsBytes } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, courses, examAttempts, exams } from '../../db/schema/index.ts';
import { nextInSeries } from '../../lib/document-series.ts';
import { claimsOf } from './claims.ts';
import { currentCertificateOf } from './current.ts';
import type { CertificateSigner } from './signing-key.ts';
import { type PhotoStore, snapshotHolder } from './snapshot.ts';

const SERIES = 'CRT';

/** What issuing a certificate needs: the centre's key for its claims, the store that keeps its photo. */
export interface CertificateIssuer {
  signer: CertificateSigner;
  files: PhotoStore;
}

/** The server's issuer: its signing key and its file store. */
export function certificateIssuerOf(deps: { certificateSigner: CertificateSigner; files: PhotoStore }) {
  return { signer: deps.certificateSigner, files: deps.files } satisfies CertificateIssuer;
}

/** The last day a certificate issued on `issuedOn` (`YYYY-MM-DD`) is valid: the same day, months later. */
export function validUntilOf(issuedOn: string, months = CERTIFICATE_VALIDITY_MONTHS): string {
  const [year = 0, month = 1, day = 1] = issuedOn.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** What a new certificate certifies beyond its holder: the attempt's pass, its course and its dates. */
export interface CertifiedPass {
  attemptId: number;
  studentId: number;
  courseId: number;
  courseNameEn: string;
  courseNameAr: string;
  score: number;
  issuedAt: Date;
  validUntil: string;
  /** The certificate a reissue replaces, whose photo it keeps when there is none newer to copy. */
  reissueOf?: { id: number; photoFileId: string | null };
}

/**
 * Inserts a certificate that states, for good, the holder's profile as it is now (names, ID
 * number, a copy of the identity photo) beside the pass it certifies, with the next serial of its
 * gap-free series and the Ed25519 signature of its claims (what the QR carries). Returns its id.
 */
export async function insertCertificate(db: Db, issuer: CertificateIssuer, pass: CertifiedPass) {
  const { reissueOf, attemptId, studentId, courseId, ...certified } = pass;
  const { photoFileId, ...holder } = await snapshotHolder(
    db,
    issuer.files,
    attemptId,
    reissueOf?.photoFileId ?? null,
  );
  // The counter row stays locked to the commit: taken after the photo's copy, not before it.
  const stated = { ...certified, ...holder, serial: await nextInSeries(db, SERIES) };
  const signature = Buffer.from(issuer.signer.sign(certificateClaimsBytes(claimsOf(stated)))).toString(
    'base64url',
  );
  const [row] = await db
    .insert(certificates)
    .values({
      ...stated,
      attemptId,
      studentId,
      courseId,
      signature,
      photoFileId,
      reissueOfId: reissueOf?.id ?? null,
    })
    .returning({ id: certificates.id });
  if (!row) throw new Error('certificate not inserted');
  return row.id;
}

/**
 * Issues the certificate of a passed attempt inside the caller's transaction (the submission's or
 * the practical score's): issued on the day the attempt row says the result was decided (so a
 * past sitting or a late sweep is dated right) and valid a year from it, stating the holder and
 * the course as they are now. Returns the id of the attempt's certificate; an attempt that already
 * has one keeps it (its latest, after a reissue).
 */
export async function issueCertificate(
  db: Db,
  issuer: CertificateIssuer,
  attemptId: number,
): Promise<number> {
  const [existing] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(currentCertificateOf(attemptId));
  if (existing) return existing.id;
  const [attempt] = await db
    .select({
      studentId: examAttempts.studentId,
      courseId: exams.courseId,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
      score: examAttempts.score,
      decidedAt: examAttempts.decidedAt,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .where(eq(examAttempts.id, attemptId));
  if (!attempt || attempt.score === null || !attempt.decidedAt) {
    throw new Error(`attempt ${attemptId} has no decided result to certify`);
  }
  const { score, decidedAt, ...rest } = attempt;
  return insertCertificate(db, issuer, {
    ...rest,
    attemptId,
    score,
    issuedAt: decidedAt,
    validUntil: validUntilOf(centreDay(decidedAt)),
  });
}
