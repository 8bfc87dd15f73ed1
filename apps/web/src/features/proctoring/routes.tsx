import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const ExamLivePage = lazyPage(() =>
  import('./pages/exam-live-page.tsx').then((module) => module.ExamLivePage),
);

/** The admin's live view of an exam session (read_8; its actions need edit_8, the server decides). */
export const proctoringAdminPages: AreaPage[] = [
  { path: 'exam-live/:sessionId', page: ExamLivePage, rule: { permissions: ['read_8'] } },
];

/** The examiner's live view of the exam sessions assigned to them (the server checks the assignment). */
export const proctoringExaminerPages: AreaPage[] = [{ path: 'exam-live/:sessionId', page: ExamLivePage }];
