import { IconCertificate } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const outcome = () => import('./pages/exam-done-page.tsx');

const ExamListPage = lazyPage(() =>
  import('./pages/exam-list-page.tsx').then((module) => module.ExamListPage),
);
const ExamSessionPage = lazyPage(() =>
  import('./pages/exam-session-page.tsx').then((module) => module.ExamSessionPage),
);
const ExamDonePage = lazyPage(() => outcome().then((module) => module.ExamDonePage));
const ExamScorePage = lazyPage(() => outcome().then((module) => module.ExamScorePage));
const ExamReviewPage = lazyPage(() =>
  import('./pages/exam-review-page.tsx').then((module) => module.ExamReviewPage),
);

/**
 * Spec §2 Student exam: `exam` (available, upcoming, past), `exam/session/{id}` (by booking),
 * `exam/done`, `exam/score` and `exam/session-review/{id}` (by attempt). `exam/check-out/{id}`
 * is the check-in feature's.
 */
export const examAttemptsStudentPages: AreaPage[] = [
  {
    path: 'exam',
    page: ExamListPage,
    nav: { labelKey: 'exam-attempts:nav', icon: IconCertificate, order: 40 },
  },
  { path: 'exam/session/:bookingId', page: ExamSessionPage },
  { path: 'exam/done', page: ExamDonePage },
  { path: 'exam/score', page: ExamScorePage },
  { path: 'exam/session-review/:attemptId', page: ExamReviewPage },
];
