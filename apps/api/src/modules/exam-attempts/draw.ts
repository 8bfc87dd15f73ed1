import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attemptQuestions, questionAnswers, questionBanks, questions } from '../../db/schema/index.ts';

/** Fisher–Yates with the system's random numbers (a candidate cannot predict the order). */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** The bank of a course in a language, and how many of its questions may be drawn (not retired). */
export async function bankOf(db: Db, courseId: number, language: string) {
  const [bank] = await db
    .select({ id: questionBanks.id, active: count(questions.id) })
    .from(questionBanks)
    .leftJoin(questions, and(eq(questions.bankId, questionBanks.id), isNull(questions.retiredAt)))
    .where(and(eq(questionBanks.courseId, courseId), sql`${questionBanks.language} = ${language}`))
    .groupBy(questionBanks.id);
  return bank;
}

/**
 * Draws `questionCount` active questions of a bank at random and shuffles each one's answers,
 * writing the attempt's questions in the order shown. The caller checked the bank is big enough.
 */
export async function drawQuestions(db: Db, attemptId: number, bankId: number, questionCount: number) {
  const pool = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.bankId, bankId), isNull(questions.retiredAt)));
  const chosen = shuffled(pool.map((row) => row.id)).slice(0, questionCount);
  if (chosen.length === 0) return;
  const answers = await db
    .select({ id: questionAnswers.id, questionId: questionAnswers.questionId })
    .from(questionAnswers)
    .where(inArray(questionAnswers.questionId, chosen))
    .orderBy(asc(questionAnswers.position), asc(questionAnswers.id));
  const byQuestion = new Map<number, number[]>();
  for (const answer of answers) {
    const list = byQuestion.get(answer.questionId) ?? [];
    list.push(answer.id);
    byQuestion.set(answer.questionId, list);
  }
  await db.insert(attemptQuestions).values(
    chosen.map((questionId, position) => ({
      attemptId,
      position,
      questionId,
      answerOrder: shuffled(byQuestion.get(questionId) ?? []),
    })),
  );
}
