import { Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { anyone, definePolicy, holds } from '../../lib/policy.ts';
import { isInStudentScope, type StudentScope, studentScopeOf } from '../../lib/scope.ts';

/** What the rules read of a student: where it is placed (the caller's scope is by branch or corporate). */
export interface PlacedStudent {
  branchId: number | null;
  corporateId: number | null;
}

/** Whose login contact a change is for (contact-change/): the row its `find` gave, in scope already. */
interface ContactHolder {
  id: number;
  userId: number;
}

const editsStudents = holds(Resource.Students, 'edit');

/**
 * Which students a caller sees (lists, counts, a profile): a corporate its own, branch staff
 * their branch's, head office every one (`lib/scope.ts`, decision 0026).
 */
export function studentsVisibleTo(actor: Actor): StudentScope {
  return studentScopeOf(actor);
}

/** Whether the student is one the caller sees; a route answers 404 for one outside it. */
export function seesStudent(actor: Actor, student: PlacedStudent): boolean {
  return isInStudentScope(studentsVisibleTo(actor), student);
}

/** edit_3, and the student in the caller's scope. */
const changesStudent = (actor: Actor, student: PlacedStudent) =>
  editsStudents(actor, student) && seesStudent(actor, student);

/**
 * Who may do what with students (spec resource 3), and with a corporate's own workers (the
 * corporate area, spec §2): a corporate needs no right of the grid for its own students.
 */
export const studentsPolicy = definePolicy({
  area: 'students',
  routes: {
    register: 'public',
    read: { permission: { resource: Resource.Students, action: 'read' } },
    create: { permission: { resource: Resource.Students, action: 'create' } },
    edit: { permission: { resource: Resource.Students, action: 'edit' } },
    corporate: { types: ['corporate'] },
  },
  rules: {
    /** Anyone registers themselves as a student (the phone proven, the form valid). */
    register: anyone,
    /** Add a student: with create_3, or a corporate adding a worker of its own (placed with itself). */
    create: (actor: Actor) =>
      actor.type === 'corporate' || holds(Resource.Students, 'create')(actor, undefined),
    /** Edit the student's form or its photo and ID copy. */
    edit: changesStudent,
    /** Put the student on hold, or take the hold off (with a reason either way). */
    hold: changesStudent,
    /** Move the student to another branch and/or corporate. */
    transfer: changesStudent,
    /** Change the student's login e-mail or phone (with the code sent to the new one). */
    changeContact: (actor: Actor, _holder: ContactHolder) => editsStudents(actor, undefined),
    /** A corporate stops booking for one of its own students. */
    remove: (actor: Actor, student: PlacedStudent) =>
      actor.type === 'corporate' && actor.corporateId !== null && student.corporateId === actor.corporateId,
  },
});
