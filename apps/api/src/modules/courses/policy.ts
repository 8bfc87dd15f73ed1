import { type CourseWizardStep, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';

/** What decides who may change a course: how far its wizard is, and who started it. */
interface ChangeableCourse {
  wizardStep: CourseWizardStep;
  createdByUserId: number | null;
}

/**
 * Whether the actor may change a course (its details, sessions, exam settings or image):
 * with edit_6 any course (edit-course); with only create_6, a course whose add-new-course
 * wizard the actor started and has not finished yet.
 */
function mayChangeCourse(actor: Actor, course: ChangeableCourse): boolean {
  if (holds(Resource.Courses, 'edit')(actor, course)) return true;
  return (
    holds(Resource.Courses, 'create')(actor, course) &&
    course.createdByUserId === actor.userId &&
    course.wizardStep !== 'exam'
  );
}

/**
 * Who may do what with courses (spec resource 6). Changes to an existing course are let in with
 * edit_6 or create_6 (edit-course, or continuing an unfinished wizard one started): the `edit`
 * rule then decides on the course (docs/decisions, course wizard rights).
 */
export const coursesPolicy = definePolicy({
  area: 'courses',
  routes: {
    read: { permission: { resource: Resource.Courses, action: 'read' } },
    create: { permission: { resource: Resource.Courses, action: 'create' } },
    change: {
      permission: [
        { resource: Resource.Courses, action: 'edit' },
        { resource: Resource.Courses, action: 'create' },
      ],
    },
    image: 'session',
  },
  rules: {
    create: holds(Resource.Courses, 'create'),
    edit: mayChangeCourse,
    /** Changing it through edit-course, whatever its wizard: edit_6 (create_6 continues the wizard). */
    editCourse: holds(Resource.Courses, 'edit'),
  },
});
