import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExamStats } from '@tasreeh/shared';
import { centreDay } from '@tasreeh/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';
import { examQuestionStats, examResultStats, questionBanks, questions } from '../../db/schema/index.ts';
import { readyExam, setExam } from '../../test/exam-bank.ts';
import { courseIdOf, insertQuestionStats, insertResultStats } from '../../test/exam-results.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf } from '../certificates/index.ts';
import { lockAttempt, settlePractical, submitAttempt } from '../exam-attempts/index.ts';

let t: TestApp;
const tokens = {} as Record<'student' | 'super admin' | 'Examiner', string>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ['student', 'super admin', 'Examiner'] as const)
    tokens[type] = (await t.loginAs(type)).token;
});
afterAll(async () => {
  await t.close();
});

function stats(query: string, token = tokens['super admin']) {
  return t.call({ method: 'GET', url: `/api/exam-stats${query}`, token });
}

/** The demo student sits a fresh exam (every answer left blank, so a fail) and it is submitted at `at`. */
async function sitAndSubmit(at: Date, exam: Parameters<typeof setExam>[2] = {}) {
  const { booking, courseId } = await readyExam(t, { questionCount: 3, bankSize: 3, exam });
  const started = await t.call({
    method: 'POST',
    url: '/api/exam-attempts',
    token: tokens.student,
    payload: { bookingId: booking.id },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json<{ id: number; questions: { id: number }[] }>();
  const outcome = await t.db.transaction((tx) =>
    submitAttempt(tx, certificateIssuerOf(t.app.deps), attempt.id, 'candidate', at),
  );
  expect(outcome.result).toBe(exam.practicalMarks ? null : 'Failed');
  return { courseId, attemptId: attempt.id, questionIds: attempt.questions.map((question) => question.id) };
}

describe('the stored exam counts, by Riyadh day', () => {
  it('counts a submission on the Riyadh day it was made (21:30 UTC is the next day in Riyadh)', async () => {
    expect(centreDay(new Date('2020-03-10T20:59:59Z'))).toBe('2020-03-10');
    expect(centreDay(new Date('2020-03-10T21:00:00Z'))).toBe('2020-03-11');
    const { courseId, questionIds } = await sitAndSubmit(new Date('2020-03-10T21:30:00Z'));

    const onTheDay = (await stats(`?courseId=${courseId}&from=2020-03-11&to=2020-03-11`)).json<ExamStats>();
    expect(onTheDay.total).toMatchObject({ passed: 0, failed: 1 });
    expect(onTheDay.byExamType.map((row) => [row.key, row.passed, row.failed])).toEqual([
      ['Assessment', 0, 1],
    ]);
    expect(onTheDay.byLanguage.map((row) => [row.key, row.failed])).toEqual([['en', 1]]);
    expect(onTheDay.topFailingQuestions.flatMap((row) => row.questionIds).sort()).toEqual(
      [...questionIds].sort(),
    );
    expect(onTheDay.topFailingQuestions.every((row) => row.drawn === 1 && row.wrong === 1)).toBe(true);

    const dayBefore = (await stats(`?courseId=${courseId}&from=2020-03-10&to=2020-03-10`)).json<ExamStats>();
    expect(dayBefore.total).toMatchObject({ passed: 0, failed: 0 });
    expect(dayBefore.topFailingQuestions).toEqual([]);
  });

  it('rebuilds the same counts from the submitted attempts (the backfill of migration 0022)', async () => {
    await sitAndSubmit(new Date('2020-05-01T09:00:00Z'));
    const day = '2020-05-01';
    const written = {
      results: await t.db.select().from(examResultStats).where(eq(examResultStats.day, day)),
      questions: await t.db
        .select({
          questionId: examQuestionStats.questionId,
          drawn: examQuestionStats.drawn,
          wrong: examQuestionStats.wrong,
        })
        .from(examQuestionStats)
        .where(eq(examQuestionStats.day, day)),
    };
    expect(written.results).toHaveLength(1);
    expect(written.questions).toHaveLength(3);
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0022_exam_stats_by_day.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Hand-written backfill'));
    for (const statement of backfill.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    expect(await t.db.select().from(examResultStats).where(eq(examResultStats.day, day))).toEqual(
      written.results,
    );
    const rebuilt = await t.db
      .select({
        questionId: examQuestionStats.questionId,
        drawn: examQuestionStats.drawn,
        wrong: examQuestionStats.wrong,
      })
      .from(examQuestionStats)
      .where(eq(examQuestionStats.day, day));
    expect(rebuilt.sort((a, b) => a.questionId - b.questionId)).toEqual(
      written.questions.sort((a, b) => a.questionId - b.questionId),
    );
  });
});

describe('the practical score', () => {
  it('counts the result on the day the practical score decides it, the questions on the day of the submission', async () => {
    const courseId = await courseIdOf(t);
    const today = centreDay(new Date());
    const todays = () =>
      t.db
        .select()
        .from(examResultStats)
        .where(and(eq(examResultStats.day, today), eq(examResultStats.courseId, courseId)));
    const before = await todays();
    const { attemptId } = await sitAndSubmit(new Date('2020-07-01T08:00:00Z'), {
      practicalMarks: 40,
      passingMarks: 60,
      failedMarks: 59,
    });
    try {
      expect(await t.db.select().from(examResultStats).where(eq(examResultStats.day, '2020-07-01'))).toEqual(
        [],
      );
      expect(
        await t.db.select().from(examQuestionStats).where(eq(examQuestionStats.day, '2020-07-01')),
      ).toHaveLength(3);
      const settled = await t.db.transaction(async (tx) => {
        const attempt = await lockAttempt(tx, attemptId);
        if (!attempt) throw new Error('no attempt');
        return settlePractical(tx, certificateIssuerOf(t.app.deps), attempt, 40);
      });
      expect(settled).toMatchObject({ score: 40, result: 'Failed' });
      const failedBefore =
        before.find((row) => row.language === 'en' && row.examType === 'Assessment')?.failed ?? 0;
      const after = (await todays()).find((row) => row.language === 'en' && row.examType === 'Assessment');
      expect(after?.failed).toBe(failedBefore + 1);
    } finally {
      await setExam(t.db, courseId, { practicalMarks: null });
    }
  });
});

describe('GET /api/exam-stats?from&to', () => {
  it('sums only the days of the period, both ends included, each question once', async () => {
    const courseId = await courseIdOf(t);
    await insertResultStats(t, [
      { day: '2021-01-01', courseId, language: 'en', examType: 'Assessment', passed: 3, failed: 0 },
      { day: '2021-01-15', courseId, language: 'ar', examType: 'Assessment', passed: 0, failed: 2 },
      { day: '2021-02-01', courseId, language: 'en', examType: 'ReTake', passed: 1, failed: 1 },
    ]);
    const itemKey = randomUUID();
    const ids = await insertQuestionStats(t, courseId, [
      {
        itemKey,
        texts: { en: 'Wash hands?', ar: 'غسل اليدين؟' },
        drawn: 4,
        wrong: 3,
        days: ['2021-01-01', '2021-01-15'],
      },
    ]);

    const january = (await stats(`?courseId=${courseId}&from=2021-01-01&to=2021-01-15`)).json<ExamStats>();
    expect(january.total).toMatchObject({ passed: 3, failed: 2, passRate: 0.6 });
    expect(january.byLanguage.map((row) => [row.key, row.passed, row.failed])).toEqual([
      ['ar', 0, 2],
      ['en', 3, 0],
    ]);
    expect(january.byExamType.map((row) => row.key)).toEqual(['Assessment']);
    const item = january.topFailingQuestions.find((row) => row.itemKey === itemKey);
    // Two languages, two days: the ids once each, the counts of both days.
    expect(item).toMatchObject({ questionIds: ids[itemKey], drawn: 16, wrong: 12, wrongRate: 0.75 });

    const fromOnly = (await stats(`?courseId=${courseId}&from=2021-01-15&to=2021-12-31`)).json<ExamStats>();
    expect(fromOnly.total).toMatchObject({ passed: 1, failed: 3 });
    expect(fromOnly.topFailingQuestions.find((row) => row.itemKey === itemKey)).toMatchObject({ drawn: 8 });
    const toOnly = (await stats(`?courseId=${courseId}&to=2021-01-01&from=2021-01-01`)).json<ExamStats>();
    expect(toOnly.total).toMatchObject({ passed: 3, failed: 0 });
    const none = (await stats(`?courseId=${courseId}&from=2021-03-01&to=2021-03-31`)).json<ExamStats>();
    expect(none).toMatchObject({ total: { passed: 0, failed: 0 }, byLanguage: [], topFailingQuestions: [] });
    // With no period: every day.
    const all = (await stats(`?courseId=${courseId}`)).json<ExamStats>();
    expect(all.total.passed).toBeGreaterThanOrEqual(4);
  });

  it("shows a failing item in the caller's language even when only another language's version was drawn", async () => {
    const courseId = await courseIdOf(t);
    const itemKey = randomUUID();
    await insertQuestionStats(t, courseId, [
      {
        itemKey,
        texts: { en: 'Is raw chicken safe at room temperature?' },
        drawn: 10,
        wrong: 10,
        days: ['2021-06-01'],
      },
    ]);
    const [arabicBank] = await t.db
      .insert(questionBanks)
      .values({ courseId, language: 'ar' })
      .onConflictDoUpdate({ target: [questionBanks.courseId, questionBanks.language], set: { courseId } })
      .returning({ id: questionBanks.id });
    await t.db
      .insert(questions)
      .values({ bankId: arabicBank?.id ?? -1, itemKey, text: 'هل الدجاج النيء آمن في حرارة الغرفة؟' });
    const read = async (lang: 'ar' | 'en') =>
      (
        await t.call({
          method: 'GET',
          url: `/api/exam-stats?courseId=${courseId}&from=2021-06-01&to=2021-06-01`,
          token: tokens['super admin'],
          lang,
        })
      ).json<ExamStats>().topFailingQuestions;
    expect((await read('ar'))[0]).toMatchObject({
      itemKey,
      text: 'هل الدجاج النيء آمن في حرارة الغرفة؟',
      language: 'ar',
    });
    expect((await read('en'))[0]).toMatchObject({
      itemKey,
      text: 'Is raw chicken safe at room temperature?',
      language: 'en',
    });
    // The ids are those of the versions drawn.
    expect((await read('ar'))[0]?.questionIds).toHaveLength(1);
  });

  it('refuses a period that ends before it starts, and a date that does not exist, with a clear message', async () => {
    const backwards = await t.call({
      method: 'GET',
      url: '/api/exam-stats?from=2026-02-01&to=2026-01-31',
      token: tokens['super admin'],
      lang: 'ar',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ fields: { to: 'EXAM_STATS_RANGE' } });
    expect(backwards.body).toContain('بداية الفترة');
    const english = await stats('?from=2026-02-01&to=2026-01-31');
    expect(english.json<{ message: string }>().message).toContain('start of the period');
    const impossible = await stats('?from=2026-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toMatchObject({ fields: { from: 'ENTER_DATE' } });
    expect((await stats('?from=2026-01-31&to=2026-01-31')).statusCode).toBe(200);
  });

  it('is for staff with read_19 only: an Examiner is refused (docs/decisions/0016)', async () => {
    expect((await stats('', tokens.Examiner)).statusCode).toBe(403);
    expect((await stats('', tokens.student)).statusCode).toBe(403);
  });
});
