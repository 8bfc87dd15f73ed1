import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, exams, questionAnswers, questionBanks, questions } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_BANK_LANGUAGES } from './demo-exams.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the demo question banks', () => {
  it('gives every demo course 40 questions in Arabic, English and Urdu, linked by item key, each exam drawing at most 40', async () => {
    const courseRows = await t.db.select({ id: courses.id }).from(courses);
    expect(courseRows.length).toBeGreaterThanOrEqual(5);
    for (const course of courseRows) {
      const keysByLanguage = new Map<string, string[]>();
      for (const language of DEMO_BANK_LANGUAGES) {
        const rows = await t.db
          .select({ itemKey: questions.itemKey, text: questions.text })
          .from(questions)
          .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
          .where(
            and(
              eq(questionBanks.courseId, course.id),
              eq(questionBanks.language, language),
              isNull(questions.retiredAt),
            ),
          )
          .orderBy(questions.position);
        expect(rows.length).toBeGreaterThanOrEqual(40);
        keysByLanguage.set(
          language,
          rows.map((row) => row.itemKey),
        );
        // Each in its own script.
        const script = language === 'en' ? /^[\x20-\x7e°’]+$/ : /\p{Script=Arabic}/u;
        for (const row of rows) expect(row.text).toMatch(script);
      }
      expect(keysByLanguage.get('ar')).toEqual(keysByLanguage.get('en'));
      expect(keysByLanguage.get('ur')).toEqual(keysByLanguage.get('en'));
      const [exam] = await t.db
        .select({ questionCount: exams.questionCount })
        .from(exams)
        .where(and(eq(exams.courseId, course.id), eq(exams.status, 'active')));
      expect(exam?.questionCount).toBeLessThanOrEqual(40);
    }
  });

  it('has four answers a question with exactly one correct, not always at the same place', async () => {
    const rows = await t.db
      .select({
        questionId: questionAnswers.questionId,
        position: questionAnswers.position,
        correct: questionAnswers.isCorrect,
      })
      .from(questionAnswers);
    const byQuestion = new Map<number, { position: number; correct: boolean }[]>();
    for (const row of rows) byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row]);
    const places = new Set<number>();
    for (const answers of byQuestion.values()) {
      expect(answers).toHaveLength(4);
      const correct = answers.filter((answer) => answer.correct);
      expect(correct).toHaveLength(1);
      places.add(correct[0]?.position ?? 0);
    }
    expect(places).toEqual(new Set([1, 2, 3, 4]));
  });

  it('shows the banks through the API to the training manager', async () => {
    const { token } = await t.loginAs('TrainingManager');
    const list = await t.call({ method: 'GET', url: '/api/exams?status=active', token });
    const [first] = list.json().items as { id: number }[];
    const bank = await t.call({ method: 'GET', url: `/api/exams/${first?.id}/banks/ur`, token });
    expect(bank.json().direction).toBe('rtl');
    expect(bank.json().questions.length).toBeGreaterThanOrEqual(40);
  });
});
