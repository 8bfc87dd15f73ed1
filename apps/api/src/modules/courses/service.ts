import {
  breakdownOf,
  type Course,
  type CourseCountQuery,
  type CourseInput,
  type CourseListItem,
  type CourseListQuery,
} from '@tasreeh/shared';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { type FeeSetupRow, findFeeSetup } from '../fees/index.ts';
import { coursesPolicy } from './policy.ts';
import * as repo from './repo.ts';

function toFeeOption(fee: FeeSetupRow) {
  return {
    id: fee.id,
    nameEn: fee.nameEn,
    nameAr: fee.nameAr,
    active: fee.active,
    breakdown: breakdownOf(fee),
  };
}

function summaryOf(row: repo.CourseRow) {
  return {
    id: row.id,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    sector: row.sector,
    language: row.language,
    level: row.level,
    status: row.status,
    wizardStep: row.wizardStep,
    imageFileId: row.imageFileId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Courses for course-management: searched, filtered, sorted and keyset-paged by the database. */
export async function listCourses(ctx: Ctx, query: CourseListQuery) {
  const page = await repo.listCourses(ctx.db, query);
  const items: CourseListItem[] = page.items.map((row) => ({
    ...summaryOf(row),
    sessionCount: row.sessionCount,
    feeTotal: breakdownOf(row.fee).total,
  }));
  return { ...page, items };
}

export function countCourses(ctx: Ctx, query: CourseCountQuery) {
  return repo.countCourses(ctx.db, query);
}

/** The fee setups of the service "course", each with its total, for the course form. */
export async function listCourseFeeOptions(ctx: Ctx) {
  const rows = await repo.listCourseFeeSetups(ctx.db);
  return rows.map(toFeeOption);
}

/** A course in full (view-course and the wizard): details, fee breakdown, sessions, exam, abilities. */
export async function getCourse(ctx: Ctx, id: number): Promise<Course> {
  const row = await repo.findCourse(ctx.db, id);
  if (!row) throw notFound();
  const [fee, sessions, exam] = await Promise.all([
    findFeeSetup(ctx.db, row.feeSetupId),
    repo.listSessions(ctx.db, id),
    repo.findExam(ctx.db, id),
  ]);
  if (!fee) throw new Error(`course ${id} has no fee setup`);
  return {
    ...summaryOf(row),
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    fee: toFeeOption(fee),
    sessions,
    exam: exam ?? null,
    updatedAt: row.updatedAt.toISOString(),
    abilities: coursesPolicy.abilities(ctx.actor, row, ['edit', 'editCourse']),
  };
}

/**
 * A course is priced by a fee setup for courses; an inactive one is refused unless the course
 * already uses it (so an edit of other fields does not fail on a retired price).
 */
async function refuseUnusableFee(ctx: Ctx, feeSetupId: number, currentFeeSetupId?: number) {
  const fee = await findFeeSetup(ctx.db, feeSetupId);
  const usable = fee?.service === 'course' && (fee.active || fee.id === currentFeeSetupId);
  if (!usable) throw invalidField('feeSetupId', 'SELECT_COURSE_FEES');
}

const nameTaken = (field: 'nameEn' | 'nameAr') =>
  new AppError('NAME_EXISTS', { status: 409, fields: { [field]: 'NAME_EXISTS' } });

async function refuseNameClash(ctx: Ctx, input: CourseInput, exceptId?: number) {
  const field = await repo.findNameClash(ctx.db, input, exceptId);
  if (field) throw nameTaken(field);
}

/** The name a unique index of `courses` guards: the one a parallel save took. */
const duplicateOf = (constraint: string | undefined) =>
  nameTaken(constraint === 'courses_name_ar_key' ? 'nameAr' : 'nameEn');

/** Step 1 "Main Details" of add-new-course: the course is created and the wizard goes on to sessions. */
export const createCourse = command({
  name: 'course.create',
  entity: 'courses',
  authorize: coursesPolicy.authorize('create'),
  run: async (ctx, input: CourseInput) => {
    await refuseUnusableFee(ctx, input.feeSetupId);
    await refuseNameClash(ctx, input);
    return { id: await repo.insertCourse(ctx.db, input, actorOf(ctx).userId) };
  },
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

/**
 * The course to change, locked for the rest of the command (its edits and wizard steps never
 * interleave); 404 when there is none. Whether the actor may change it is the policy's `edit`,
 * each command's authorize step (403).
 */
export async function lockCourse(ctx: Ctx, id: number) {
  const course = await repo.lockCourse(ctx.db, id);
  if (!course) throw notFound();
  return course;
}

export type LockedCourse = Awaited<ReturnType<typeof lockCourse>>;

/** The route guard of a course's changes: not found (404) or not the actor's to change (403), before the form is read. */
export async function assertMayChangeCourse(ctx: Ctx, { id }: { id: number }): Promise<void> {
  const course = await repo.findCourse(ctx.db, id);
  if (!course) throw notFound();
  coursesPolicy.assert(ctx.actor, 'edit', course);
}

/** The main details of a course (edit-course, or step 1 again while its wizard is unfinished). */
export const updateCourse = command({
  name: 'course.update',
  entity: 'courses',
  load: (ctx, { id }: { id: number; input: CourseInput }) => lockCourse(ctx, id),
  authorize: coursesPolicy.authorize('edit', (course: LockedCourse) => course),
  run: async (ctx, { id, input }, before) => {
    await refuseUnusableFee(ctx, input.feeSetupId, before.feeSetupId);
    await refuseNameClash(ctx, input, id);
    await repo.updateCourse(ctx.db, id, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});
