import { randomUUID } from 'node:crypto';
import type { ExamResultRow, ExamStats } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporates, examQuestionStats, examResultStats, students } from '../../db/schema/index.ts';
import {
  courseIdOf,
  insertQuestionStats,
  insertResult,
  insertResultStats,
  userIdOf,
} from '../../test/exam-results.ts';
import { demoCorporateId, demoStudentId } from '../../test/paid-bookings.ts';
import { insertStudents } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ACTORS = [
  'student',
  'corporate',
  'Examiner',
  'super admin',
  'branch admin',
  'TrainingManager',
  'Teller',
  'Instructor',
] as const;
const tokens = {} as Record<(typeof ACTORS)[number], string>;
const ids = {} as Record<
  'own' | 'ownFail' | 'corp' | 'otherCorp' | 'jeddah' | 'examined' | 'arabic' | 'absent',
  number
>;
let demoStudent: number;
let corpStudent: number;
let otherCorpStudent: number;
let certificateOfOwn: number | null;

beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ACTORS) tokens[type] = (await t.loginAs(type)).token;
  demoStudent = await demoStudentId(t);
  const corporateId = await demoCorporateId(t);
  corpStudent = (await insertStudents(t, 1, { corporateId }))[0]?.id ?? -1;
  const [spare] = await insertStudents(t, 1);
  const [spareUser] = await t.db
    .select({ userId: students.userId })
    .from(students)
    .where(eq(students.id, spare?.id ?? -1));
  const [other] = await t.db
    .insert(corporates)
    .values({
      userId: spareUser?.userId ?? -1,
      crNumber: `7${Date.now()}`.slice(0, 10),
      nameEn: 'Other Co',
      nameAr: 'شركة أخرى',
    })
    .returning({ id: corporates.id });
  otherCorpStudent = (await insertStudents(t, 1, { corporateId: other?.id }))[0]?.id ?? -1;
  const examiner = await userIdOf(t, 'Examiner');

  const own = await insertResult(t, { studentId: demoStudent, result: 'Passed', score: 88 });
  ids.own = own.attemptId;
  certificateOfOwn = own.certificateId;
  ids.ownFail = (
    await insertResult(t, { studentId: demoStudent, result: 'Failed', examType: 'ReAssessment' })
  ).attemptId;
  ids.corp = (await insertResult(t, { studentId: corpStudent, result: 'Failed' })).attemptId;
  ids.otherCorp = (await insertResult(t, { studentId: otherCorpStudent, result: 'Passed' })).attemptId;
  ids.jeddah = (
    await insertResult(t, { studentId: otherCorpStudent, result: 'Failed', branch: 'JED-01' })
  ).attemptId;
  ids.examined = (
    await insertResult(t, { studentId: corpStudent, result: 'Passed', examinerUserId: examiner })
  ).attemptId;
  ids.arabic = (
    await insertResult(t, {
      studentId: otherCorpStudent,
      result: 'Failed',
      language: 'ar',
      examType: 'ReTake',
    })
  ).attemptId;
  ids.absent = (
    await insertResult(t, { studentId: corpStudent, result: 'Failed', attendance: 'Absent', score: 0 })
  ).attemptId;
});
afterAll(async () => {
  await t.close();
});

async function list(token: string, query = '', lang?: 'en' | 'ar') {
  const limit = query.includes('limit=') ? '' : 'limit=100';
  const response = await t.call({ method: 'GET', url: `/api/exam-results?${limit}${query}`, token, lang });
  return response;
}
/** The ids of this file's results that the list answers (the demo seed has results of its own). */
async function idsOf(token: string, query = '') {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  const mine = new Set(Object.values(ids));
  return response
    .json<{ items: ExamResultRow[] }>()
    .items.map((row) => row.id)
    .filter((id) => mine.has(id))
    .sort((a, b) => a - b);
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /api/exam-results: who sees what', () => {
  it('shows head office every result, a branch admin only its branch', async () => {
    expect(await idsOf(tokens['super admin'])).toEqual(sorted(Object.values(ids)));
    expect(await idsOf(tokens.TrainingManager)).toEqual(sorted(Object.values(ids)));
    const branch = await idsOf(tokens['branch admin']);
    expect(branch).not.toContain(ids.jeddah);
    expect(branch).toEqual(sorted(Object.values(ids).filter((id) => id !== ids.jeddah)));
  });

  it('shows a student its own, a corporate its students, an examiner its sessions', async () => {
    expect(await idsOf(tokens.student)).toEqual(sorted([ids.own, ids.ownFail]));
    expect(await idsOf(tokens.corporate)).toEqual(sorted([ids.corp, ids.examined, ids.absent]));
    expect(await idsOf(tokens.Examiner)).toEqual([ids.examined]);
    // Everything the examiner sees is of its own sessions (the demo's past sessions are the demo examiner's too).
    const examiner = await userIdOf(t, 'Examiner');
    const everything = (await list(tokens['super admin'], `&examinerId=${examiner}`)).json<{
      items: ExamResultRow[];
    }>();
    const seen = (await list(tokens.Examiner)).json<{ items: ExamResultRow[] }>();
    expect(seen.items.map((row) => row.id).sort()).toEqual(everything.items.map((row) => row.id).sort());
    // A filter never widens the scope: a corporate asking for the other corporate's student's branch.
    expect(await idsOf(tokens.student, `&search=${encodeURIComponent('Booking Student')}`)).toEqual([]);
  });

  it('refuses staff without read_19 and callers without a session', async () => {
    expect((await list(tokens.Teller)).statusCode).toBe(403);
    expect((await list(tokens.Instructor)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/exam-results' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/exam-stats', token: tokens.student })).statusCode).toBe(
      403,
    );
    expect((await t.call({ method: 'GET', url: '/api/exam-stats', token: tokens.Examiner })).statusCode).toBe(
      403,
    );
  });

  it('answers the row with names, course, type, language, score, result, certificate and attendance', async () => {
    const response = await list(tokens.student, '&sort=submittedAt&order=asc', 'ar');
    const [first] = response.json<{ items: ExamResultRow[] }>().items;
    expect(first).toMatchObject({
      id: ids.own,
      studentId: demoStudent,
      studentNameEn: 'Mohammed Rahman',
      idNumber: '2000000006',
      courseNameEn: 'Food Safety Basics',
      examType: 'Assessment',
      language: 'en',
      score: 88,
      result: 'Passed',
      certificateId: certificateOfOwn,
      attendance: 'Attended',
    });
    const absent = (await list(tokens.corporate)).json<{ items: ExamResultRow[] }>().items;
    expect(absent.find((row) => row.id === ids.absent)?.attendance).toBe('Absent');
  });
});

describe('GET /api/exam-results: filters, search, count', () => {
  const admin = () => tokens['super admin'];
  it('filters by result, exam type, language, branch, examiner and course', async () => {
    expect(await idsOf(admin(), '&result=Passed')).toEqual(sorted([ids.own, ids.otherCorp, ids.examined]));
    expect(await idsOf(admin(), '&examType=ReTake')).toEqual([ids.arabic]);
    expect(await idsOf(admin(), '&language=ar')).toEqual([ids.arabic]);
    const jeddah = (await t.call({ method: 'GET', url: '/api/branches?limit=100', token: admin() })).json<{
      items: { id: number; code: string }[];
    }>();
    const jeddahId = jeddah.items.find((branch) => branch.code === 'JED-01')?.id;
    expect(await idsOf(admin(), `&branchId=${jeddahId}`)).toEqual([ids.jeddah]);
    expect(await idsOf(admin(), `&examinerId=${await userIdOf(t, 'Examiner')}`)).toEqual([ids.examined]);
    expect(await idsOf(admin(), `&courseId=${await courseIdOf(t)}`)).toHaveLength(8);
    expect(await idsOf(admin(), '&courseId=999999')).toEqual([]);
  });

  it('filters by session date range (Riyadh days)', async () => {
    const all = (await list(admin())).json<{ items: ExamResultRow[] }>().items;
    const own = all.find((row) => row.id === ids.own);
    const riyadhDayOf = (row: ExamResultRow | undefined) =>
      new Date(new Date(row?.sessionStartsAt ?? '').getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const day = riyadhDayOf(own);
    const inRange = (await list(admin(), `&from=${day}&to=${day}`)).json<{ items: ExamResultRow[] }>().items;
    expect(inRange.map((row) => row.id)).toContain(ids.own);
    // exactly the results whose session falls on that Riyadh day, whatever the hour the test runs at
    expect(inRange.map((row) => row.id).sort()).toEqual(
      all
        .filter((row) => riyadhDayOf(row) === day)
        .map((row) => row.id)
        .sort(),
    );
    expect(all.length).toBeGreaterThan(inRange.length);
    expect((await list(admin(), '&from=2026-02-30')).statusCode).toBe(400);
  });

  it('searches by name and by ID number typed in Arabic-Indic digits', async () => {
    expect(await idsOf(admin(), `&search=${encodeURIComponent('٢٠٠٠٠٠٠٠٠٦')}`)).toEqual(
      sorted([ids.own, ids.ownFail]),
    );
    expect(await idsOf(admin(), `&search=${encodeURIComponent('mohammed rah')}`)).toEqual(
      sorted([ids.own, ids.ownFail]),
    );
    expect(await idsOf(admin(), `&search=${encodeURIComponent('محمد')}`)).toEqual(
      sorted([ids.own, ids.ownFail]),
    );
  });

  it('pages by keyset and counts the matches', async () => {
    const first = (await list(tokens.corporate, '&limit=2&sort=submittedAt&order=desc')).json<{
      items: ExamResultRow[];
      nextCursor: string;
    }>();
    expect(first.items).toHaveLength(2);
    const second = await t.call({
      method: 'GET',
      url: `/api/exam-results?limit=2&sort=submittedAt&order=desc&cursor=${first.nextCursor}`,
      token: tokens.corporate,
    });
    const rest = second.json<{ items: ExamResultRow[]; nextCursor: string | null }>();
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    expect([...first.items, ...rest.items].map((row) => row.id).sort((a, b) => a - b)).toEqual(
      sorted([ids.corp, ids.examined, ids.absent]),
    );
    const count = await t.call({
      method: 'GET',
      url: '/api/exam-results/count?result=Failed',
      token: tokens.corporate,
    });
    expect(count.json()).toEqual({ total: 2, capped: false });
    const corporate = await t.call({
      method: 'GET',
      url: '/api/exam-results/count',
      token: tokens.corporate,
    });
    expect(corporate.json()).toEqual({ total: 3, capped: false });
  });

  it('refuses garbage: a NUL, an unknown filter, a forged cursor', async () => {
    expect((await list(admin(), '&search=a%00b')).statusCode).toBe(400);
    expect((await list(admin(), '&result=Maybe')).statusCode).toBe(400);
    expect((await list(admin(), '&studentId=1')).statusCode).toBe(400);
    expect((await list(admin(), '&cursor=garbage')).statusCode).toBe(400);
  });
});

describe('GET /api/exam-results/export', () => {
  async function workbookOf(token: string, query: string, lang: 'en' | 'ar') {
    const response = await t.call({ method: 'GET', url: `/api/exam-results/export?${query}`, token, lang });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="exam-results-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('opens as XLSX with the filtered rows, in the caller language', async () => {
    const english = await workbookOf(tokens.corporate, 'result=Passed', 'en');
    expect(english[0]).toEqual([
      'Student',
      'ID number',
      'Course',
      'Session date',
      'Exam type',
      'Language',
      'Score',
      'Result',
      'Certificate',
      'Attendance',
    ]);
    expect(english).toHaveLength(2);
    expect(english[1]?.[7]).toBe('Passed');
    expect(english[1]?.[8]).toBeTypeOf('number');
    const arabic = await workbookOf(tokens.student, '', 'ar');
    expect(arabic[0]?.[0]).toBe('الطالب');
    // Every result the student may see (this file's two and the demo seed's pass), in Arabic.
    const visible = (await list(tokens.student)).json<{ items: ExamResultRow[] }>().items;
    expect(arabic).toHaveLength(1 + visible.length);
    expect(new Set(arabic.slice(1).map((row) => row[0]))).toEqual(new Set(['محمد رحمن']));
    expect(new Set(arabic.slice(1).map((row) => row[7]))).toEqual(new Set(['راسب', 'ناجح']));
  });

  it('exports only what the caller may see', async () => {
    const corporate = await workbookOf(tokens.corporate, '', 'en');
    expect(corporate).toHaveLength(4);
    expect(
      (await t.call({ method: 'GET', url: '/api/exam-results/export', token: tokens.Teller })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/exam-stats', () => {
  it('reads pass/fail by language and form and the top failing items from the stored counts', async () => {
    const courseId = await courseIdOf(t);
    // Only this test's counts (the demo seed keeps some of its own).
    await t.db.delete(examResultStats);
    await t.db.delete(examQuestionStats);
    await insertResultStats(t, [
      { courseId, language: 'en', examType: 'Assessment', passed: 30, failed: 10 },
      { courseId, language: 'ar', examType: 'Assessment', passed: 5, failed: 5 },
      { courseId, language: 'en', examType: 'ReAssessment', passed: 3, failed: 1 },
    ]);
    const keys = Array.from({ length: 12 }, () => randomUUID());
    const questionIds = await insertQuestionStats(
      t,
      courseId,
      keys.map((itemKey, index) => ({
        itemKey,
        texts: {
          en: `Question ${index}`,
          ...(index === 11 ? { ar: `السؤال ${index}` } : {}),
          ...(index === 11 ? { ur: `سوال ${index}` } : {}),
        },
        drawn: 100,
        wrong: index * 5,
      })),
    );
    const response = await t.call({
      method: 'GET',
      url: `/api/exam-stats?courseId=${courseId}`,
      token: tokens['branch admin'],
      lang: 'ar',
    });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<ExamStats>();
    expect(stats.total).toEqual({ key: 'all', passed: 38, failed: 16, passRate: 38 / 54, failRate: 16 / 54 });
    expect(stats.byLanguage).toEqual([
      { key: 'ar', passed: 5, failed: 5, passRate: 0.5, failRate: 0.5 },
      { key: 'en', passed: 33, failed: 11, passRate: 0.75, failRate: 0.25 },
    ]);
    expect(stats.byExamType.map((row) => [row.key, row.passed, row.failed])).toEqual([
      ['Assessment', 35, 15],
      ['ReAssessment', 3, 1],
    ]);
    expect(stats.topFailingQuestions).toHaveLength(10);
    const [top] = stats.topFailingQuestions;
    // The worst item is asked in three languages: one row, three ids, the Arabic text for an Arabic caller.
    expect(top).toMatchObject({
      itemKey: keys[11],
      text: 'السؤال 11',
      language: 'ar',
      drawn: 300,
      wrong: 165,
    });
    expect(top?.questionIds).toEqual(questionIds[keys[11] ?? '']);
    expect(top?.questionIds).toHaveLength(3);
    expect(stats.topFailingQuestions[1]).toMatchObject({ text: 'Question 10', wrongRate: 0.5 });
    const english = await t.call({ method: 'GET', url: '/api/exam-stats', token: tokens['super admin'] });
    expect(english.json<ExamStats>().topFailingQuestions[0]?.text).toBe('Question 11');
    const other = await t.call({
      method: 'GET',
      url: '/api/exam-stats?courseId=999999',
      token: tokens['super admin'],
    });
    expect(other.json<ExamStats>()).toMatchObject({ byLanguage: [], topFailingQuestions: [] });
    expect(
      (await t.call({ method: 'GET', url: '/api/exam-stats?branch=1', token: tokens['super admin'] }))
        .statusCode,
    ).toBe(400);
  });
});
