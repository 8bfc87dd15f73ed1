import { nextExamStep } from '@tasreeh/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptQuestions, certificates, examAttempts, students, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_STUDENT_ID_NUMBER } from './demo-users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The demo data as seeded (the test template is the demo seed): seedDemo runs seedDemoAttempts after the banks. */
describe('the demo attempts', () => {
  it('are real sittings in the past: passes with certificates (the demo student holds one), fails, one student due a ReAssessment and one a paid ReTake', async () => {
    const drawn = await t.db.selectDistinct({ attemptId: attemptQuestions.attemptId }).from(attemptQuestions);
    const attempts = await t.db
      .select()
      .from(examAttempts)
      .where(
        inArray(
          examAttempts.id,
          drawn.map((row) => row.attemptId),
        ),
      );
    expect(attempts.length).toBeGreaterThanOrEqual(5);
    expect(
      attempts.every((attempt) => attempt.status === 'submitted' && attempt.startedAt < new Date()),
    ).toBe(true);
    expect(attempts.some((attempt) => attempt.result === 'Passed')).toBe(true);

    const [certified] = await t.db
      .select({ value: count() })
      .from(certificates)
      .innerJoin(students, eq(students.id, certificates.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(eq(users.idNumber, DEMO_STUDENT_ID_NUMBER)));
    expect(certified?.value).toBe(1);

    const fails = new Map<string, number>();
    for (const attempt of attempts.filter((row) => row.result === 'Failed')) {
      const key = `${attempt.studentId}:${attempt.examId}`;
      fails.set(key, (fails.get(key) ?? 0) + 1);
    }
    const steps = [...fails.values()].map((count) => nextExamStep(count).kind);
    expect(steps).toContain('ReAssessment');
    expect(steps).toContain('ReTake');
  });
});
