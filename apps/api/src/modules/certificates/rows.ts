import { type Certificate, centreDay, certificateStatusOf } from '@tasreeh/shared';
import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { certificates, examAttempts, scheduledSessions, students } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/context.ts';
import { claimsOf, codeOf } from './claims.ts';
import { certificatesPolicy } from './policy.ts';

/** The most rows one inquiry or list answers (a worker holds a few certificates, a corporate more). */
export const LIST_CAP = 200;

/** The certificate a row was reissued in place of, and the one reissued in place of it. */
const replaced = alias(certificates, 'replaced');
const replacement = alias(certificates, 'replacement');

/**
 * Certificates with what they state (their own columns, never the holder's profile), whose they
 * are (for the row policy: holder, corporate, the exam session's branch) and their reissue links.
 */
export function selectCertificates(db: Db) {
  return db
    .select({
      id: certificates.id,
      serial: certificates.serial,
      studentId: certificates.studentId,
      studentUserId: students.userId,
      corporateId: students.corporateId,
      branchId: scheduledSessions.branchId,
      holderNameEn: certificates.holderNameEn,
      holderNameAr: certificates.holderNameAr,
      holderIdNumber: certificates.holderIdNumber,
      courseNameEn: certificates.courseNameEn,
      courseNameAr: certificates.courseNameAr,
      score: certificates.score,
      issuedAt: certificates.issuedAt,
      validUntil: certificates.validUntil,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      signature: certificates.signature,
      photoFileId: certificates.photoFileId,
      reissueOf: { id: replaced.id, serial: replaced.serial },
      reissuedAs: { id: replacement.id, serial: replacement.serial },
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .innerJoin(examAttempts, eq(examAttempts.id, certificates.attemptId))
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examAttempts.sessionId))
    .leftJoin(replaced, eq(replaced.id, certificates.reissueOfId))
    .leftJoin(replacement, eq(replacement.reissueOfId, certificates.id));
}

export type CertificateRow = Awaited<ReturnType<ReturnType<typeof selectCertificates>['where']>>[number];

/** The certificates a condition names, newest first, at most LIST_CAP. */
export function rowsWhere(db: Db, condition: SQL | undefined): Promise<CertificateRow[]> {
  return selectCertificates(db)
    .where(condition)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(LIST_CAP);
}

/** One certificate by id, or undefined. */
export async function rowOf(db: Db, id: number): Promise<CertificateRow | undefined> {
  const [row] = await rowsWhere(db, eq(certificates.id, id));
  return row;
}

/** A certificate as the API answers it: what it states, its status on `today`, its signed code, what `actor` may do to it. */
export function toCertificate(
  row: CertificateRow,
  actor: Actor | undefined,
  today = centreDay(new Date()),
): Certificate {
  const claims = claimsOf(row);
  return {
    id: row.id,
    studentId: row.studentId,
    ...claims,
    status: certificateStatusOf({ validUntil: row.validUntil, revoked: row.revokedAt !== null }, today),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedAt ? row.revokedReason : null,
    code: codeOf(claims, row.signature),
    reissueOf: row.reissueOf,
    reissuedAs: row.reissuedAs,
    abilities: certificatesPolicy.abilities(actor, row, ['revoke', 'reissue']),
  };
}
