import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const CheckinPage = lazyPage(() => import('./pages/checkin-page.tsx').then((module) => module.CheckinPage));
const ExamLivePage = lazyPage(() =>
  import('./pages/exam-live-page.tsx').then((module) => module.ExamLivePage),
);

/** Spec §2 Student exam/check-out/{id}: check-in before the exam (id: the booking). */
export const examCheckinsStudentPages: AreaPage[] = [{ path: 'exam/check-out/:id', page: CheckinPage }];

/** The admin's live view of an exam session (read_8; its actions need edit_8, the server decides). */
export const examCheckinsAdminPages: AreaPage[] = [
  { path: 'exam-live/:sessionId', page: ExamLivePage, rule: { permissions: ['read_8'] } },
];

/** The examiner's live view of the exam sessions assigned to them (the server checks the assignment). */
export const examCheckinsExaminerPages: AreaPage[] = [{ path: 'exam-live/:sessionId', page: ExamLivePage }];
