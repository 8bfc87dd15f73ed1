import { IconListCheck } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const ExamListPage = lazyPage(() =>
  import('./pages/exam-list-page.tsx').then((module) => module.ExamListPage),
);
const AddExamPage = lazyPage(() => import('./pages/exam-form-page.tsx').then((module) => module.AddExamPage));
const EditExamPage = lazyPage(() =>
  import('./pages/exam-form-page.tsx').then((module) => module.EditExamPage),
);
const ExamViewPage = lazyPage(() =>
  import('./pages/exam-view-page.tsx').then((module) => module.ExamViewPage),
);
const BankEditorPage = lazyPage(() =>
  import('./pages/bank-editor-page.tsx').then((module) => module.BankEditorPage),
);

/** Spec §2 Admin area, Assessments (resource 7; view and edit by the spec's read_6 and edit_6). */
export const assessmentsAdminPages: AreaPage[] = [
  {
    path: 'assessment-management',
    page: ExamListPage,
    rule: { permissions: ['read_7'] },
    nav: { labelKey: 'assessments:nav', icon: IconListCheck, section: 'training', order: 20 },
  },
  { path: 'add-assessment', page: AddExamPage, rule: { permissions: ['create_7'] } },
  { path: 'view-assessment/:id', page: ExamViewPage, rule: { permissions: ['read_6'] } },
  { path: 'edit-assessment/:id', page: EditExamPage, rule: { permissions: ['edit_6'] } },
  { path: 'add-exam/:id', page: BankEditorPage, rule: { permissions: ['read_7'] } },
];

/** Examiner area: add-exam/{id}, the banks of a course of an exam session given to the examiner (the API checks which). */
export const assessmentsExaminerPages: AreaPage[] = [{ path: 'add-exam/:id', page: BankEditorPage }];
