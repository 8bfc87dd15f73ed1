import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses, questionAnswers, questionBanks, questions } from '../db/schema/index.ts';
import { DEMO_QUESTIONS } from './demo-exam-questions.ts';

/** The exam languages of the demo banks. */
export const DEMO_BANK_LANGUAGES = ['en', 'ar', 'ur'] as const;

/**
 * The question banks of every demo course (after the courses, whose wizard made their exams):
 * forty questions in English, Arabic and Urdu, the same item linked by its key across the three,
 * four answers each with exactly one correct, at a place that varies from question to question.
 */
export async function seedDemoExams(db: Db): Promise<void> {
  const courseRows = await db.select({ id: courses.id }).from(courses).orderBy(asc(courses.id));
  for (const course of courseRows) {
    const itemKeys = DEMO_QUESTIONS.map(() => randomUUID());
    for (const language of DEMO_BANK_LANGUAGES) {
      const [bank] = await db
        .insert(questionBanks)
        .values({ courseId: course.id, language })
        .returning({ id: questionBanks.id });
      if (!bank) throw new Error('bank insert returned nothing');
      const inserted = await db
        .insert(questions)
        .values(
          DEMO_QUESTIONS.map((question, index) => ({
            bankId: bank.id,
            itemKey: itemKeys[index],
            text: question[language][0],
            position: index + 1,
          })),
        )
        .returning({ id: questions.id, position: questions.position });
      const answers = inserted.flatMap((row) => {
        const index = row.position - 1;
        const [, correct, ...wrong] = DEMO_QUESTIONS[index]?.[language] ?? [];
        const place = index % 4;
        const ordered = [...wrong];
        ordered.splice(place, 0, correct ?? '');
        return ordered.map((text, at) => ({
          questionId: row.id,
          text,
          isCorrect: at === place,
          position: at + 1,
        }));
      });
      await db.insert(questionAnswers).values(answers);
    }
  }
}
