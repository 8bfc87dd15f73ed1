import { BACK_OFFICE_TYPES, isBackOfficeType, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { isInStudentScope, studentScopeOf } from '../../lib/scope.ts';

const readsStudents = holds(Resource.Students, 'read');
const editsStudents = holds(Resource.Students, 'edit');

/** Back-office staff with edit on students (edit_3): a corporate's rights do not reach biometric data. */
const mayEnrol = (actor: Actor) => isBackOfficeType(actor.type) && editsStudents(actor, undefined);

/**
 * Fingerprint enrolment (students/biometricdata): back-office staff with read on students
 * (read_3) see what is enrolled, with edit on students (edit_3) enrol or remove one; both only
 * for students in their scope (lib/scope.ts: else 404). A corporate's read on its students does
 * not reach biometric data.
 */
export const fingerprintsPolicy = definePolicy({
  area: 'fingerprints',
  routes: {
    read: { types: BACK_OFFICE_TYPES, permission: { resource: Resource.Students, action: 'read' } },
    change: { types: BACK_OFFICE_TYPES, permission: { resource: Resource.Students, action: 'edit' } },
  },
  rules: {
    read: (actor) => isBackOfficeType(actor.type) && readsStudents(actor, undefined),
    /** The student is one the caller works with: its branch and corporate in the caller's scope. */
    reach: (actor, student: { branchId: number | null; corporateId: number | null }) =>
      isInStudentScope(studentScopeOf(actor), student),
    enrol: mayEnrol,
    /** Only what is enrolled can be removed. */
    remove: (actor, status: { enrolled: boolean }) => status.enrolled && mayEnrol(actor),
  },
});
