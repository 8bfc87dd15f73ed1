import { IconCalendarEvent } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const calendar = () => import('./pages/calendar-page.tsx');
const forms = () => import('./pages/session-form-page.tsx');

const CalendarPage = lazyPage(() => calendar().then((module) => module.CalendarPage));
const TrainingCalendarPage = lazyPage(() => calendar().then((module) => module.TrainingCalendarPage));
const ExamCalendarPage = lazyPage(() => calendar().then((module) => module.ExamCalendarPage));
const AddTrainingPage = lazyPage(() => forms().then((module) => module.AddTrainingPage));
const AddExamPage = lazyPage(() => forms().then((module) => module.AddExamPage));
const AddAssessmentPage = lazyPage(() => forms().then((module) => module.AddAssessmentPage));
const AddRetakePage = lazyPage(() => forms().then((module) => module.AddRetakePage));
const EditTrainingPage = lazyPage(() => forms().then((module) => module.EditTrainingPage));
const EditExamPage = lazyPage(() => forms().then((module) => module.EditExamPage));
const SessionViewPage = lazyPage(() =>
  import('./pages/session-view-page.tsx').then((module) => module.SessionViewPage),
);

/**
 * Spec §2 Admin area, Scheduling (resource 8): the calendar, add/edit/view of training and exam
 * sessions (view with create_8 as the spec says), and the instructor and examiner calendars.
 */
export const schedulingAdminPages: AreaPage[] = [
  {
    path: 'scheduling',
    page: CalendarPage,
    rule: { permissions: ['read_8'] },
    nav: { labelKey: 'scheduling:nav', icon: IconCalendarEvent, section: 'training', order: 30 },
  },
  { path: 'instructor-scheduling', page: TrainingCalendarPage, rule: { permissions: ['read_8'] } },
  { path: 'examiner-scheduling', page: ExamCalendarPage, rule: { permissions: ['read_8'] } },
  { path: 'add-training', page: AddTrainingPage, rule: { permissions: ['create_8'] } },
  { path: 'add-exam', page: AddExamPage, rule: { permissions: ['create_8'] } },
  { path: 'add-assessmentschedule', page: AddAssessmentPage, rule: { permissions: ['create_8'] } },
  { path: 'add-retakeschedule', page: AddRetakePage, rule: { permissions: ['create_8'] } },
  { path: 'edit-training/:id', page: EditTrainingPage, rule: { permissions: ['edit_8'] } },
  { path: 'edit-exam/:id', page: EditExamPage, rule: { permissions: ['edit_8'] } },
  { path: 'view-training/:id', page: SessionViewPage, rule: { permissions: ['create_8'] } },
  { path: 'view-exam/:id', page: SessionViewPage, rule: { permissions: ['create_8'] } },
];

/**
 * Student, corporate and instructor `scheduling` with `view-exam/{id}` and `View-training/{id}`
 * (spec §2); the examiner's `scheduling`, with the same view pages for its own sessions.
 */
export const schedulingAreaPages: AreaPage[] = [
  {
    path: 'scheduling',
    page: CalendarPage,
    nav: { labelKey: 'scheduling:nav', icon: IconCalendarEvent, order: 20 },
  },
  { path: 'view-exam/:id', page: SessionViewPage },
  { path: 'View-training/:id', page: SessionViewPage },
];
