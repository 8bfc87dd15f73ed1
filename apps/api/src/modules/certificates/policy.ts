import { canAccess, isBackOfficeType, Resource } from '@tasreeh/shared';
import { eq, type SQL } from 'drizzle-orm';
import { scheduledSessions, students } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/** Staff who may read certificates: scores (read_19) or health-check (read_20). */
function isCertificateStaff(actor: Actor): boolean {
  return (
    isBackOfficeType(actor.type) &&
    (canAccess(actor.privileges, Resource.Scores, 'read') ||
      canAccess(actor.privileges, Resource.HealthCheck, 'read'))
  );
}

/** Staff who may revoke or reissue: health-check edit (edit_20). */
function mayManage(actor: Actor): boolean {
  return isBackOfficeType(actor.type) && canAccess(actor.privileges, Resource.HealthCheck, 'edit');
}

/** Whether a certificate's exam was held in the staff member's branch (or they see every branch). */
function isInBranchOf(actor: Actor, certificate: { branchId: number }): boolean {
  const branch = branchScopeOf(actor);
  return branch === undefined || certificate.branchId === branch;
}

/** Whose a certificate is: its holder, the holder's corporate, the branch its exam was held in. */
interface Held {
  studentUserId: number;
  corporateId: number | null;
  branchId: number;
}

/** A certificate still in force may be withdrawn once: revoked (a reissue revokes it too) is final. */
interface Withdrawable {
  branchId: number;
  revokedAt: Date | null;
  reissuedAs: { id: number | null } | null;
}

const withdrawn = (certificate: Withdrawable) =>
  certificate.revokedAt !== null || (certificate.reissuedAs !== null && certificate.reissuedAs.id !== null);

/** What a manager may do to one certificate: one of its branch, not yet withdrawn. */
const mayWithdraw = (actor: Actor, certificate: Withdrawable) =>
  mayManage(actor) && isInBranchOf(actor, certificate) && !withdrawn(certificate);

/**
 * Certificates (issue 12): the holder, their corporate and staff with read_19 or read_20 (their
 * branch) see one; health-check staff (read_20) search; edit_20 revokes or reissues one of its
 * branch while it is in force. The public inquiry, the signed code's status and photo and the
 * public key are for anyone.
 */
export const certificatesPolicy = definePolicy({
  area: 'certificates',
  routes: {
    mine: { types: ['student', 'corporate'] },
    search: { permission: { resource: Resource.HealthCheck, action: 'read' } },
    read: 'session',
    manage: { permission: { resource: Resource.HealthCheck, action: 'edit' } },
    public: 'public',
  },
  rules: {
    /** Who reads any certificate at all (anyone else: 403 whatever the id). */
    readSome: (actor) => actor.type === 'student' || actor.type === 'corporate' || isCertificateStaff(actor),
    /** Who sees this one (anyone else: 404, as for no such certificate). */
    read: (actor, certificate: Held) => {
      if (actor.type === 'student') return certificate.studentUserId === actor.userId;
      if (actor.type === 'corporate') {
        return actor.corporateId !== null && certificate.corporateId === actor.corporateId;
      }
      return isCertificateStaff(actor) && isInBranchOf(actor, certificate);
    },
    /** Who manages certificates at all (403). */
    manage: mayManage,
    /** A certificate of the manager's branch (another branch's: 404, as for reading). */
    reach: (actor, certificate: { branchId: number }) => isInBranchOf(actor, certificate),
    revoke: mayWithdraw,
    reissue: mayWithdraw,
  },
});

/** The list of one's own (`GET /certificates`): a student's, or a corporate's students'. */
export function ownCertificatesOf(actor: Actor): SQL {
  return actor.type === 'corporate'
    ? eq(students.corporateId, actor.corporateId ?? -1)
    : eq(students.userId, actor.userId);
}

/** The staff inquiry's rows: certificates of exams held in the staff member's branch (all for head office). */
export function searchScopeOf(actor: Actor): SQL | undefined {
  const branch = branchScopeOf(actor);
  return branch === undefined ? undefined : eq(scheduledSessions.branchId, branch);
}
