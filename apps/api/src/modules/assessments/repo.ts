import type { ExamCountQuery, ExamInput, ExamListQuery, TrainingLanguage } from '@tasreeh/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attemptQuestions,
  courses,
  exams,
  questionAnswers,
  questionBanks,
  questions,
} from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesSearch, matchingRows, type SortSpec } from '../../lib/keyset.ts';

const examColumns = {
  id: exams.id,
  courseId: exams.courseId,
  courseNameEn: courses.nameEn,
  courseNameAr: courses.nameAr,
  titleEn: exams.titleEn,
  titleAr: exams.titleAr,
  questionCount: exams.questionCount,
  fullMarks: exams.fullMarks,
  passingMarks: exams.passingMarks,
  failedMarks: exams.failedMarks,
  durationMinutes: exams.durationMinutes,
  practicalMarks: exams.practicalMarks,
  review: exams.review,
  status: exams.status,
  createdAt: exams.createdAt,
  updatedAt: exams.updatedAt,
};
export type ExamRow = NonNullable<Awaited<ReturnType<typeof findExam>>>;

type Sortable = { id: number; titleEn: string; titleAr: string; createdAt: Date };
const EXAM_SORTS: Record<ExamListQuery['sort'], SortSpec<Sortable>> = {
  titleEn: { column: exams.titleEn, valueOf: (row) => row.titleEn },
  titleAr: { column: exams.titleAr, valueOf: (row) => row.titleAr },
  createdAt: { column: exams.createdAt, valueOf: (row) => row.createdAt.toISOString(), kind: 'timestamp' },
};

function examsMatching(query: ExamCountQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.courseId) conditions.push(eq(exams.courseId, query.courseId));
  if (query.status) conditions.push(eq(exams.status, query.status));
  if (query.search) {
    const title = sql`lower(${exams.titleEn} || ' ' || ${exams.titleAr})`;
    conditions.push(
      sql`(${matchesSearch(courses.searchText, query.search)} or ${matchesSearch(title as never, query.search)})`,
    );
  }
  return and(...conditions);
}

export function listExams(db: Db, query: ExamListQuery) {
  return keysetPage(query, {
    rows: db.select(examColumns).from(exams).innerJoin(courses, eq(courses.id, exams.courseId)).$dynamic(),
    where: examsMatching(query),
    sort: EXAM_SORTS[query.sort],
    idColumn: exams.id,
  });
}

export function countExams(db: Db, query: ExamCountQuery) {
  return countMatches(
    db,
    matchingRows(db)
      .from(exams)
      .innerJoin(courses, eq(courses.id, exams.courseId))
      .where(examsMatching(query))
      .$dynamic(),
  );
}

export async function findExam(db: Db, id: number, lock = false) {
  const query = db
    .select(examColumns)
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .where(eq(exams.id, id));
  const [row] = lock ? await query.for('update', { of: exams }) : await query;
  return row;
}

export async function courseExists(db: Db, id: number) {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
  return row !== undefined;
}

export async function findActiveExamOfCourse(db: Db, courseId: number) {
  const [row] = await db
    .select({ id: exams.id, questionCount: exams.questionCount })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')));
  return row;
}

export async function insertExam(db: Db, input: ExamInput) {
  const [row] = await db.insert(exams).values(input).returning({ id: exams.id });
  if (!row) throw new Error('exam insert returned nothing');
  return row.id;
}

export async function updateExam(db: Db, id: number, input: ExamInput) {
  await db
    .update(exams)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(exams.id, id));
}

/** Active and retired question counts of each bank of a course. */
export async function bankCounts(db: Db, courseId: number) {
  return db
    .select({
      language: questionBanks.language,
      questionCount: sql<number>`count(${questions.id}) filter (where ${questions.retiredAt} is null)::int`,
      retiredCount: sql<number>`count(${questions.id}) filter (where ${questions.retiredAt} is not null)::int`,
    })
    .from(questionBanks)
    .leftJoin(questions, eq(questions.bankId, questionBanks.id))
    .where(eq(questionBanks.courseId, courseId))
    .groupBy(questionBanks.language);
}

export async function findBank(db: Db, courseId: number, language: TrainingLanguage) {
  const [row] = await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.courseId, courseId), eq(questionBanks.language, language)));
  return row;
}

/** The bank of a course in a language, made when missing, locked: changes of one bank never interleave. */
export async function lockBank(db: Db, courseId: number, language: TrainingLanguage) {
  await db.insert(questionBanks).values({ courseId, language }).onConflictDoNothing();
  const [row] = await db
    .select({ id: questionBanks.id })
    .from(questionBanks)
    .where(and(eq(questionBanks.courseId, courseId), eq(questionBanks.language, language)))
    .for('update');
  if (!row) throw new Error('bank insert returned nothing');
  return row.id;
}

export async function activeCountOfBank(db: Db, bankId: number) {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.bankId, bankId), isNull(questions.retiredAt)));
  return row?.value ?? 0;
}

const questionColumns = {
  id: questions.id,
  bankId: questions.bankId,
  itemKey: questions.itemKey,
  text: questions.text,
  imageFileId: questions.imageFileId,
  audioFileId: questions.audioFileId,
  position: questions.position,
  retiredAt: questions.retiredAt,
  used: sql<boolean>`exists (select 1 from ${attemptQuestions} where ${attemptQuestions.questionId} = ${questions.id})`,
};

/** A bank's questions (retired ones too, last) with their answers in order. */
export async function listBankQuestions(db: Db, bankId: number) {
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .where(eq(questions.bankId, bankId))
    .orderBy(sql`${questions.retiredAt} is not null`, asc(questions.position), asc(questions.id));
  const answers = await answersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, answers: answers.get(row.id) ?? [] }));
}

export async function answersOf(db: Db, questionIds: number[]) {
  const byQuestion = new Map<
    number,
    { id: number; text: string; correct: boolean; audioFileId: string | null }[]
  >();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .select({
      id: questionAnswers.id,
      questionId: questionAnswers.questionId,
      text: questionAnswers.text,
      correct: questionAnswers.isCorrect,
      audioFileId: questionAnswers.audioFileId,
    })
    .from(questionAnswers)
    .where(inArray(questionAnswers.questionId, questionIds))
    .orderBy(asc(questionAnswers.questionId), asc(questionAnswers.position), asc(questionAnswers.id));
  for (const { questionId, ...answer } of rows) {
    const list = byQuestion.get(questionId) ?? [];
    list.push(answer);
    byQuestion.set(questionId, list);
  }
  return byQuestion;
}

/** The languages of a course whose banks hold each of these item keys (active or retired). */
export async function languagesOfItems(db: Db, courseId: number, itemKeys: string[]) {
  const byKey = new Map<string, TrainingLanguage[]>();
  if (itemKeys.length === 0) return byKey;
  const rows = await db
    .selectDistinct({ itemKey: questions.itemKey, language: questionBanks.language })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(and(eq(questionBanks.courseId, courseId), inArray(questions.itemKey, itemKeys)))
    .orderBy(asc(questionBanks.language));
  for (const row of rows) byKey.set(row.itemKey, [...(byKey.get(row.itemKey) ?? []), row.language]);
  return byKey;
}

/** A question with its bank's course and language, locked for a change. */
export async function lockQuestion(db: Db, id: number) {
  const [row] = await db
    .select({ ...questionColumns, courseId: questionBanks.courseId, language: questionBanks.language })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(eq(questions.id, id))
    .for('update', { of: questions });
  return row;
}

export async function findQuestionOfCourse(db: Db, id: number) {
  const [row] = await db
    .select({
      itemKey: questions.itemKey,
      courseId: questionBanks.courseId,
      language: questionBanks.language,
    })
    .from(questions)
    .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
    .where(eq(questions.id, id));
  return row;
}

export async function itemKeyInBank(db: Db, bankId: number, itemKey: string, exceptId?: number) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.bankId, bankId),
        eq(questions.itemKey, itemKey),
        exceptId === undefined ? undefined : sql`${questions.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

export async function nextPosition(db: Db, bankId: number) {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${questions.position}), 0)::int` })
    .from(questions)
    .where(eq(questions.bankId, bankId));
  return (row?.value ?? 0) + 1;
}

export interface QuestionWrite {
  text: string;
  imageFileId: string | null;
  audioFileId: string | null;
  answers: { text: string; correct: boolean; audioFileId: string | null }[];
}

export async function insertQuestion(
  db: Db,
  bankId: number,
  question: QuestionWrite & { itemKey?: string; position: number },
) {
  const [row] = await db
    .insert(questions)
    .values({
      bankId,
      text: question.text,
      imageFileId: question.imageFileId,
      audioFileId: question.audioFileId,
      position: question.position,
      ...(question.itemKey ? { itemKey: question.itemKey } : {}),
    })
    .returning({ id: questions.id, itemKey: questions.itemKey });
  if (!row) throw new Error('question insert returned nothing');
  await insertAnswers(db, row.id, question.answers);
  return row;
}

async function insertAnswers(db: Db, questionId: number, answers: QuestionWrite['answers']) {
  await db.insert(questionAnswers).values(
    answers.map((answer, index) => ({
      questionId,
      text: answer.text,
      isCorrect: answer.correct,
      audioFileId: answer.audioFileId,
      position: index + 1,
    })),
  );
}

export async function updateQuestion(db: Db, id: number, question: QuestionWrite & { itemKey?: string }) {
  await db
    .update(questions)
    .set({
      text: question.text,
      imageFileId: question.imageFileId,
      audioFileId: question.audioFileId,
      ...(question.itemKey ? { itemKey: question.itemKey } : {}),
      updatedAt: new Date(),
    })
    .where(eq(questions.id, id));
  await db.delete(questionAnswers).where(eq(questionAnswers.questionId, id));
  await insertAnswers(db, id, question.answers);
}

export async function retireQuestions(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(questions)
    .set({ retiredAt: new Date(), updatedAt: new Date() })
    .where(and(inArray(questions.id, ids), isNull(questions.retiredAt)));
}
