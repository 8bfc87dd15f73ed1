import type {
  CourseCountQuery,
  CourseExamInput,
  CourseInput,
  CourseListQuery,
  CourseSessionInput,
  CourseWizardStep,
} from '@tasreeh/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseSessions, courses, exams, feeSetups } from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesSearch, matchingRows, type SortSpec } from '../../lib/keyset.ts';
import { feeSetupColumns } from '../fees/index.ts';

const courseColumns = {
  id: courses.id,
  nameEn: courses.nameEn,
  nameAr: courses.nameAr,
  sector: courses.sector,
  language: courses.language,
  level: courses.level,
  status: courses.status,
  wizardStep: courses.wizardStep,
  imageFileId: courses.imageFileId,
  feeSetupId: courses.feeSetupId,
  descriptionEn: courses.descriptionEn,
  descriptionAr: courses.descriptionAr,
  createdByUserId: courses.createdByUserId,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};
export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

type Sortable = { id: number; nameEn: string; nameAr: string; createdAt: Date };
export const COURSE_SORTS: Record<CourseListQuery['sort'], SortSpec<Sortable>> = {
  nameEn: { column: courses.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: courses.nameAr, valueOf: (row) => row.nameAr },
  createdAt: {
    column: courses.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
};

const sessionCount = sql<number>`(select count(*)::int from ${courseSessions} where ${courseSessions.courseId} = ${courses.id})`;

/** Courses a filter matches (courses are not branch-scoped). */
function coursesMatching(query: CourseCountQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.sector) conditions.push(eq(courses.sector, query.sector));
  if (query.language) conditions.push(eq(courses.language, query.language));
  if (query.status) conditions.push(eq(courses.status, query.status));
  if (query.search) conditions.push(matchesSearch(courses.searchText, query.search));
  return and(...conditions);
}

/** A page of courses with their session counts and fee setups. */
export async function listCourses(db: Db, query: CourseListQuery) {
  return keysetPage(query, {
    rows: db
      .select({ ...courseColumns, sessionCount, fee: feeSetupColumns })
      .from(courses)
      .innerJoin(feeSetups, eq(feeSetups.id, courses.feeSetupId))
      .$dynamic(),
    where: coursesMatching(query),
    sort: COURSE_SORTS[query.sort],
    idColumn: courses.id,
  });
}

export function countCourses(db: Db, query: CourseCountQuery) {
  return countMatches(db, matchingRows(db).from(courses).where(coursesMatching(query)).$dynamic());
}

export async function findCourse(db: Db, id: number) {
  const [row] = await db.select(courseColumns).from(courses).where(eq(courses.id, id));
  return row;
}

/** The course row locked for a change (wizard steps and edits of one course never interleave). */
export async function lockCourse(db: Db, id: number) {
  const [row] = await db.select(courseColumns).from(courses).where(eq(courses.id, id)).for('update');
  return row;
}

export function listSessions(db: Db, courseId: number) {
  return db
    .select({
      position: courseSessions.position,
      titleEn: courseSessions.titleEn,
      titleAr: courseSessions.titleAr,
      durationMinutes: courseSessions.durationMinutes,
      trainingType: courseSessions.trainingType,
    })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(asc(courseSessions.position));
}

export async function findExam(db: Db, courseId: number) {
  const [row] = await db
    .select({
      id: exams.id,
      questionCount: exams.questionCount,
      fullMarks: exams.fullMarks,
      passingMarks: exams.passingMarks,
      failedMarks: exams.failedMarks,
      durationMinutes: exams.durationMinutes,
    })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')));
  return row;
}

/** The fee setups a course may be priced by: those for the service "course". */
export function listCourseFeeSetups(db: Db) {
  return db
    .select(feeSetupColumns)
    .from(feeSetups)
    .where(eq(feeSetups.service, 'course'))
    .orderBy(asc(feeSetups.nameEn), asc(feeSetups.id))
    .limit(200);
}

/** Which of the two names another course already uses, if any. */
export async function findNameClash(
  db: Db,
  input: Pick<CourseInput, 'nameEn' | 'nameAr'>,
  exceptId?: number,
) {
  const [row] = await db
    .select({ nameEn: courses.nameEn, nameAr: courses.nameAr })
    .from(courses)
    .where(
      and(
        sql`(lower(${courses.nameEn}) = ${input.nameEn.toLowerCase()} or ${courses.nameAr} = ${input.nameAr})`,
        exceptId === undefined ? undefined : sql`${courses.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return row.nameEn.toLowerCase() === input.nameEn.toLowerCase() ? 'nameEn' : 'nameAr';
}

export async function insertCourse(db: Db, input: CourseInput, createdByUserId: number) {
  const [row] = await db
    .insert(courses)
    .values({ ...input, createdByUserId })
    .returning({ id: courses.id });
  if (!row) throw new Error('course insert returned nothing');
  return row.id;
}

export async function updateCourse(db: Db, id: number, input: CourseInput) {
  await db.update(courses).set(input).where(eq(courses.id, id));
}

export async function setWizardStep(db: Db, id: number, step: CourseWizardStep) {
  await db.update(courses).set({ wizardStep: step }).where(eq(courses.id, id));
}

/** Replaces a course's sessions with `sessions`, numbered from 1 in the given order. */
export async function replaceSessions(db: Db, courseId: number, sessions: CourseSessionInput[]) {
  await db.delete(courseSessions).where(eq(courseSessions.courseId, courseId));
  await db
    .insert(courseSessions)
    .values(sessions.map((session, index) => ({ ...session, courseId, position: index + 1 })));
}

/** Saves the course's active exam; a new one takes the course's names as its title. */
export async function upsertExam(db: Db, courseId: number, exam: CourseExamInput) {
  const [course] = await db
    .select({ titleEn: courses.nameEn, titleAr: courses.nameAr })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return;
  await db
    .insert(exams)
    .values({ ...exam, ...course, courseId })
    .onConflictDoUpdate({
      target: exams.courseId,
      targetWhere: sql`${exams.status} = 'active'`,
      set: { ...exam, updatedAt: new Date() },
    });
}

export async function setImage(db: Db, courseId: number, fileId: string) {
  await db.update(courses).set({ imageFileId: fileId }).where(eq(courses.id, courseId));
}
