import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const scores = () => import('./pages/scores-page.tsx');
const AdminScoresPage = lazyPage(() => scores().then((module) => module.AdminScoresPage));
const ExaminerScoreAdminPage = lazyPage(() => scores().then((module) => module.ExaminerScoreAdminPage));
const ExaminerScoresPage = lazyPage(() => scores().then((module) => module.ExaminerScoresPage));
const CorporateScoresPage = lazyPage(() => scores().then((module) => module.CorporateScoresPage));
const StudentScoresPage = lazyPage(() => scores().then((module) => module.StudentScoresPage));

/** Spec §2 Admin scores and examiner-score (read_19). */
export const examResultsAdminPages: AreaPage[] = [
  { path: 'scores', page: AdminScoresPage, rule: { permissions: ['read_19'] } },
  { path: 'examiner-score', page: ExaminerScoreAdminPage, rule: { permissions: ['read_19'] } },
];
/** Spec §2 Examiner, Corporate and Student `scores`: the results each may see. */
export const examResultsExaminerPages: AreaPage[] = [{ path: 'scores', page: ExaminerScoresPage }];
export const examResultsCorporatePages: AreaPage[] = [{ path: 'scores', page: CorporateScoresPage }];
export const examResultsStudentPages: AreaPage[] = [{ path: 'scores', page: StudentScoresPage }];
