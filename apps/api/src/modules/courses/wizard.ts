import {
  type CourseExamInput,
  type CourseSessionsInput,
  type CourseWizardStep,
  isWizardStepDone,
  translateMessage,
} from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { canChangeCourse } from './policy.ts';
import * as repo from './repo.ts';

/** Locks the course for the rest of the transaction, after checking the actor may change it. */
async function lockChangeableCourse(ctx: Ctx, tx: Db, id: number) {
  const course = await repo.lockCourse(tx, id);
  if (!course) throw notFound();
  if (!canChangeCourse(actorOf(ctx), course)) throw forbidden();
  return course;
}

/** The first save of a step is "saved"; saving a step done before is "updated". */
function messageFor(ctx: Ctx, reached: CourseWizardStep, step: CourseWizardStep) {
  return translateMessage(isWizardStepDone(reached, step) ? 'RECORDS_UPDATED' : 'RECORDS_SAVED', ctx.lang);
}

/**
 * Step 2 "Sessions": replaces the course's whole list of sessions in one transaction and
 * marks the step done.
 */
export async function saveCourseSessions(ctx: Ctx, id: number, input: CourseSessionsInput) {
  const actor = actorOf(ctx);
  const reached = await ctx.db.transaction(async (tx) => {
    const course = await lockChangeableCourse(ctx, tx, id);
    const before = await repo.listSessions(tx, id);
    await repo.replaceSessions(tx, id, input.sessions);
    if (!isWizardStepDone(course.wizardStep, 'sessions')) await repo.setWizardStep(tx, id, 'sessions');
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'course.sessions.replace',
      entity: 'courses',
      entityId: id,
      before,
      after: input.sessions,
      ip: ctx.ip,
    });
    return course.wizardStep;
  });
  return { id, message: messageFor(ctx, reached, 'sessions') };
}

/**
 * The exam settings (add-new-course/exam/{id}): allowed once the sessions are saved (the
 * wizard's order); saving them completes the course's wizard.
 */
export async function saveCourseExam(ctx: Ctx, id: number, input: CourseExamInput) {
  const actor = actorOf(ctx);
  const reached = await ctx.db.transaction(async (tx) => {
    const course = await lockChangeableCourse(ctx, tx, id);
    if (!isWizardStepDone(course.wizardStep, 'sessions')) {
      throw new AppError('COURSE_SESSIONS_FIRST', { status: 409 });
    }
    const before = await repo.findExam(tx, id);
    await repo.upsertExam(tx, id, input);
    if (course.wizardStep !== 'exam') await repo.setWizardStep(tx, id, 'exam');
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'course.exam.save',
      entity: 'courses',
      entityId: id,
      before: before ?? null,
      after: input,
      ip: ctx.ip,
    });
    return course.wizardStep;
  });
  return { id, message: messageFor(ctx, reached, 'exam') };
}
