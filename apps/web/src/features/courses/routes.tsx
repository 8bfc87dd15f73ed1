import { IconBook } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const CourseListPage = lazyPage(() =>
  import('./pages/course-list-page.tsx').then((module) => module.CourseListPage),
);
const AddCoursePage = lazyPage(() =>
  import('./pages/course-details-page.tsx').then((module) => module.AddCoursePage),
);
const ContinueCoursePage = lazyPage(() =>
  import('./pages/course-details-page.tsx').then((module) => module.ContinueCoursePage),
);
const EditCoursePage = lazyPage(() =>
  import('./pages/course-details-page.tsx').then((module) => module.EditCoursePage),
);
const CourseSessionsPage = lazyPage(() =>
  import('./pages/course-sessions-page.tsx').then((module) => module.CourseSessionsPage),
);
const CourseExamPage = lazyPage(() =>
  import('./pages/course-exam-page.tsx').then((module) => module.CourseExamPage),
);
const CourseViewPage = lazyPage(() =>
  import('./pages/course-view-page.tsx').then((module) => module.CourseViewPage),
);

/**
 * Spec §2 Admin area, Courses. The sessions and exam steps also open for edit_6, so that
 * edit-course can change a finished course's sessions and exam settings (the API decides who
 * may change which course: docs/decisions/0007-course-wizard-rights.md).
 */
export const coursesAdminPages: AreaPage[] = [
  {
    path: 'course-management',
    page: CourseListPage,
    rule: { permissions: ['read_6'] },
    nav: { labelKey: 'courses:nav', icon: IconBook, section: 'training', order: 10 },
  },
  { path: 'add-new-course', page: AddCoursePage, rule: { permissions: ['create_6'] } },
  { path: 'add-new-course/:id', page: ContinueCoursePage, rule: { permissions: ['create_6'] } },
  {
    path: 'add-new-course/sessions/:id',
    page: CourseSessionsPage,
    rule: { permissions: ['create_6', 'edit_6'] },
  },
  { path: 'add-new-course/exam/:id', page: CourseExamPage, rule: { permissions: ['create_6', 'edit_6'] } },
  { path: 'edit-course/:id', page: EditCoursePage, rule: { permissions: ['edit_6'] } },
  { path: 'view-course/:id', page: CourseViewPage, rule: { permissions: ['read_6'] } },
];
