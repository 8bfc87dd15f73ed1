import {
  type CourseExamInput,
  type CourseSessionsInput,
  type CourseWizardStep,
  isWizardStepDone,
  translateMessage,
} from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import { coursesPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { type LockedCourse, lockCourse } from './service.ts';

/** The first save of a step is "saved"; saving a step done before is "updated". */
function messageFor(ctx: Ctx, reached: CourseWizardStep, step: CourseWizardStep) {
  return translateMessage(isWizardStepDone(reached, step) ? 'RECORDS_UPDATED' : 'RECORDS_SAVED', ctx.lang);
}

/**
 * Step 2 "Sessions": replaces the course's whole list of sessions in one transaction and
 * marks the step done.
 */
export const saveCourseSessions = command({
  name: 'course.sessions.replace',
  entity: 'courses',
  load: async (ctx, { id }: { id: number; input: CourseSessionsInput }) => ({
    course: await lockCourse(ctx, id),
    sessions: await repo.listSessions(ctx.db, id),
  }),
  authorize: coursesPolicy.authorize(
    'edit',
    (before: { course: LockedCourse; sessions: Awaited<ReturnType<typeof repo.listSessions>> }) =>
      before.course,
  ),
  run: async (ctx, { id, input }, { course }) => {
    await repo.replaceSessions(ctx.db, id, input.sessions);
    if (!isWizardStepDone(course.wizardStep, 'sessions')) await repo.setWizardStep(ctx.db, id, 'sessions');
    return { id, message: messageFor(ctx, course.wizardStep, 'sessions') };
  },
  audit: ({ input, before }) => ({ before: before.sessions, after: input.input.sessions }),
});

/**
 * The exam settings (add-new-course/exam/{id}): allowed once the sessions are saved (the
 * wizard's order); saving them completes the course's wizard.
 */
export const saveCourseExam = command({
  name: 'course.exam.save',
  entity: 'courses',
  load: async (ctx, { id }: { id: number; input: CourseExamInput }) => {
    const course = await lockCourse(ctx, id);
    return { course, exam: (await repo.findExam(ctx.db, id)) ?? null };
  },
  authorize: coursesPolicy.authorize(
    'edit',
    (before: { course: LockedCourse; exam: Awaited<ReturnType<typeof repo.findExam>> | null }) =>
      before.course,
  ),
  run: async (ctx, { id, input }, { course }) => {
    if (!isWizardStepDone(course.wizardStep, 'sessions')) {
      throw new AppError('COURSE_SESSIONS_FIRST', { status: 409 });
    }
    await repo.upsertExam(ctx.db, id, input);
    if (course.wizardStep !== 'exam') await repo.setWizardStep(ctx.db, id, 'exam');
    return { id, message: messageFor(ctx, course.wizardStep, 'exam') };
  },
  audit: ({ input, before }) => ({ before: before.exam, after: input.input }),
});
