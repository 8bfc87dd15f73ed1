import { canAccess, isBackOfficeType, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/** Staff who may read certificates: scores (read_19) or health-check (read_20). */
export function isCertificateStaff(actor: Actor): boolean {
  return (
    isBackOfficeType(actor.type) &&
    (canAccess(actor.privileges, Resource.Scores, 'read') ||
      canAccess(actor.privileges, Resource.HealthCheck, 'read'))
  );
}

/** Whether an actor may see a certificate: its holder, the holder's corporate, staff of its branch. */
export function maySeeCertificate(
  actor: Actor,
  certificate: { studentUserId: number; corporateId: number | null; branchId: number },
): boolean {
  if (actor.type === 'student') return certificate.studentUserId === actor.userId;
  if (actor.type === 'corporate') {
    return actor.corporateId !== null && certificate.corporateId === actor.corporateId;
  }
  if (!isCertificateStaff(actor)) return false;
  return isInBranchOf(actor, certificate);
}

/** Staff who may revoke or reissue: health-check edit (edit_20). */
export function mayManageCertificates(actor: Actor): boolean {
  return isBackOfficeType(actor.type) && canAccess(actor.privileges, Resource.HealthCheck, 'edit');
}

/** Whether a certificate's exam was held in the staff member's branch (or they see every branch). */
export function isInBranchOf(actor: Actor, certificate: { branchId: number }): boolean {
  const branch = branchScopeOf(actor);
  return branch === undefined || certificate.branchId === branch;
}
