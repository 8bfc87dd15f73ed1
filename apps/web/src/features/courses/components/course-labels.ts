import type { Course, CourseListItem, Language } from '@tasreeh/shared';

/** A course's name in the UI language. */
export function courseName(course: Pick<Course, 'nameEn' | 'nameAr'>, language: Language): string {
  return language === 'ar' ? course.nameAr : course.nameEn;
}

/** How far a course's setup is: complete once its exam settings are saved. */
export function setupTone(course: Pick<CourseListItem, 'wizardStep'>): 'positive' | 'warning' {
  return course.wizardStep === 'exam' ? 'positive' : 'warning';
}

/** The setup label key of a course (`courses:setup.*`). */
export function setupKey(course: Pick<CourseListItem, 'wizardStep'>): string {
  return course.wizardStep === 'exam' ? 'setup.complete' : `setup.${course.wizardStep}`;
}
