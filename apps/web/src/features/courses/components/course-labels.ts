import type { CourseListItem } from '@tasreeh/shared';

/** How far a course's setup is: complete once its exam settings are saved. */
export function setupTone(course: Pick<CourseListItem, 'wizardStep'>): 'positive' | 'warning' {
  return course.wizardStep === 'exam' ? 'positive' : 'warning';
}

/** The setup label key of a course (`courses:setup.*`). */
export function setupKey(course: Pick<CourseListItem, 'wizardStep'>): string {
  return course.wizardStep === 'exam' ? 'setup.complete' : `setup.${course.wizardStep}`;
}
