import { type CourseWizardStep, canAccess, Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';

/**
 * Whether the actor may change a course (its details, sessions, exam settings or image):
 * with edit_6 any course (edit-course); with only create_6, a course whose add-new-course
 * wizard the actor started and has not finished yet.
 */
export function canChangeCourse(
  actor: Actor,
  course: { wizardStep: CourseWizardStep; createdByUserId: number | null },
): boolean {
  if (canAccess(actor.privileges, Resource.Courses, 'edit')) return true;
  return (
    canAccess(actor.privileges, Resource.Courses, 'create') &&
    course.createdByUserId === actor.userId &&
    course.wizardStep !== 'exam'
  );
}
