import { nextExamStep } from '@tasreeh/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, examAttempts, exams } from '../../db/schema/index.ts';
import { courseIdOf, insertBank } from '../../test/exam-bank.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoAttempts } from './demo-attempts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the demo attempts', () => {
  it('makes past passes with certificates and fails, one student due a ReAssessment and one due a paid ReTake; a course with no bank is skipped', async () => {
    const courseId = await courseIdOf(t.db);
    const [exam] = await t.db
      .select()
      .from(exams)
      .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')));
    await insertBank(t.db, { courseId, language: 'en', size: exam?.questionCount ?? 30 });

    const made = await seedDemoAttempts(t.db, t.app.deps.certificateSigner);
    expect(made).toMatchObject({ attempts: 5, passed: 2, failed: 3 });
    const attempts = await t.db.select().from(examAttempts);
    expect(attempts).toHaveLength(5);
    expect(
      attempts.every((attempt) => attempt.status === 'submitted' && attempt.startedAt < new Date()),
    ).toBe(true);
    expect(new Set(attempts.map((attempt) => attempt.examId))).toEqual(new Set([exam?.id]));
    const [issued] = await t.db.select({ value: count() }).from(certificates);
    expect(issued?.value).toBe(2);

    const failsOf = (studentId: number | undefined) =>
      attempts.filter((attempt) => attempt.studentId === studentId && attempt.result === 'Failed').length;
    expect(nextExamStep(failsOf(made.reAssessmentStudentId))).toEqual({ kind: 'ReAssessment', paid: false });
    expect(nextExamStep(failsOf(made.reTakeStudentId))).toEqual({ kind: 'ReTake', paid: true });
  });
});
