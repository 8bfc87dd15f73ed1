import type { Certificate } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { certificates } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { type CertificateIssuer, insertCertificate } from './issue.ts';
import { certificatesPolicy } from './policy.ts';
import { type CertificateRow, rowOf, toCertificate } from './rows.ts';
import { lockManagedCertificate, refuseIfWithdrawn } from './service.ts';

/** The revocation reason of a certificate replaced by a reissue. */
export const REISSUED_REASON = 'reissued';

/**
 * `POST /api/certificates/:id/reissue` (edit_20, the staff member's branch, as revoke): a name
 * correction after issue. Issues a new certificate, with the next number, for the same pass —
 * the same course, score, issue day and validity as the one it replaces — stating the holder's
 * profile as it is now (names, ID number, a fresh copy of the identity photo, or the old
 * certificate's photo when there is none newer), and revokes the old one with the reason
 * "reissued" and a link to the new. The old row is locked first: of two reissues at once one
 * wins, the other finds it reissued (409 CERTIFICATE_ALREADY_REISSUED). Answers the new one.
 */
/** What a reissue starts from: the certificate as answered and its stored row, locked. */
interface ManagedCertificate {
  row: CertificateRow;
  old: typeof certificates.$inferSelect;
}

export function reissueCertificate(issuer: CertificateIssuer) {
  return command({
    name: 'certificate.reissue',
    entity: 'certificates',
    idempotency: 'required',
    message: 'CERTIFICATE_REISSUED',
    load: async (ctx, input: { id: number; reason: string }) => {
      const row = await lockManagedCertificate(ctx, input.id);
      refuseIfWithdrawn(row);
      const [old] = await ctx.db.select().from(certificates).where(eq(certificates.id, row.id));
      if (!old) throw notFound();
      return { row, old };
    },
    authorize: certificatesPolicy.authorize('reissue', (before: ManagedCertificate) => before.row),
    run: async (ctx, _input, { old }): Promise<Certificate> => {
      const now = new Date();
      await ctx.db
        .update(certificates)
        .set({ revokedAt: now, revokedReason: REISSUED_REASON, updatedAt: now })
        .where(eq(certificates.id, old.id));
      const id = await insertCertificate(ctx.db, issuer, {
        attemptId: old.attemptId,
        studentId: old.studentId,
        courseId: old.courseId,
        courseNameEn: old.courseNameEn,
        courseNameAr: old.courseNameAr,
        score: old.score,
        issuedAt: old.issuedAt,
        validUntil: old.validUntil,
        reissueOf: { id: old.id, photoFileId: old.photoFileId },
      });
      const reissued = await rowOf(ctx.db, id);
      if (!reissued) throw notFound();
      return toCertificate(reissued, ctx.actor);
    },
    audit: ({ input, before: { old }, result }) => ({
      entityId: input.id,
      before: {
        serial: old.serial,
        nameEn: old.holderNameEn,
        nameAr: old.holderNameAr,
        idNumber: old.holderIdNumber,
        photoFileId: old.photoFileId,
      },
      after: {
        reason: input.reason,
        reissuedAs: { id: result.id, serial: result.serial },
        nameEn: result.nameEn,
        nameAr: result.nameAr,
        idNumber: result.idNumber,
      },
    }),
    // Each certificate is reissued at most once (a unique index): a race past the lock is the same 409.
    duplicate: () => new AppError('CERTIFICATE_ALREADY_REISSUED', { status: 409 }),
  });
}
