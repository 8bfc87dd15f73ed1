import { IconReportAnalytics } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage, PageNav } from '../../app/route-types.ts';

const scores = () => import('./pages/scores-page.tsx');
const AdminScoresPage = lazyPage(() => scores().then((module) => module.AdminScoresPage));
const ExaminerScoreAdminPage = lazyPage(() => scores().then((module) => module.ExaminerScoreAdminPage));
const ExaminerScoresPage = lazyPage(() => scores().then((module) => module.ExaminerScoresPage));
const CorporateScoresPage = lazyPage(() => scores().then((module) => module.CorporateScoresPage));
const StudentScoresPage = lazyPage(() => scores().then((module) => module.StudentScoresPage));

/** Spec §2 Admin scores and examiner-score (read_19). */
export const examResultsAdminPages: AreaPage[] = [
  {
    path: 'scores',
    page: AdminScoresPage,
    rule: { permissions: ['read_19'] },
    nav: { labelKey: 'exam-results:nav', icon: IconReportAnalytics, section: 'training', order: 60 },
  },
  {
    path: 'examiner-score',
    page: ExaminerScoreAdminPage,
    rule: { permissions: ['read_19'] },
    nav: { labelKey: 'exam-results:navExaminer', icon: IconReportAnalytics, section: 'training', order: 70 },
  },
];
/** The examiner's, corporate's and student's `scores` link: the last of their drawer. */
const SCORES_NAV: PageNav = { labelKey: 'exam-results:nav', icon: IconReportAnalytics, order: 70 };

/** Spec §2 Examiner, Corporate and Student `scores`: the results each may see. */
export const examResultsExaminerPages: AreaPage[] = [
  { path: 'scores', page: ExaminerScoresPage, nav: SCORES_NAV },
];
export const examResultsCorporatePages: AreaPage[] = [
  { path: 'scores', page: CorporateScoresPage, nav: SCORES_NAV },
];
export const examResultsStudentPages: AreaPage[] = [
  { path: 'scores', page: StudentScoresPage, nav: SCORES_NAV },
];
