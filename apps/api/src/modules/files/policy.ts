import { canAccess, Resource } from '@tasreeh/shared';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isInStudentScope, studentScopeOf } from '../../lib/scope.ts';
import { holderOf } from './kinds.ts';
import type { FileWithHolder } from './repo.ts';

/**
 * Who may see a personal file, by its kind: its owner always; then a student's photo or ID copy
 * to staff who may read students and have that student in their scope; a corporate's copies to
 * staff who may read corporates; a centre's copies to the super admin alone. Any other file
 * (course and product images have their own routes, through their own areas' policies) to its
 * owner only.
 */
function canSeeFile(actor: Actor, file: FileWithHolder): boolean {
  if (file.ownerUserId !== null && file.ownerUserId === actor.userId) return true;
  switch (holderOf(file.kind)) {
    case 'student':
      return (
        canAccess(actor.privileges, Resource.Students, 'read') &&
        file.studentId !== null &&
        isInStudentScope(studentScopeOf(actor), {
          branchId: file.studentBranchId,
          corporateId: file.studentCorporateId,
        })
      );
    case 'corporate':
      return canAccess(actor.privileges, Resource.Corporates, 'read');
    case 'center':
      return actor.type === 'super admin';
    default:
      return false;
  }
}

/** Who may open a stored file: anyone signed in reaches the route; the file's rule decides (else 404, so ids cannot be probed). */
export const filesPolicy = definePolicy({
  area: 'files',
  routes: { session: 'session' },
  rules: {
    read: { allows: canSeeFile, refusal: notFound },
  },
});
