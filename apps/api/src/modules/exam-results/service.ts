import { PassThrough } from 'node:stream';
import type {
  ExamResultCountQuery,
  ExamResultListQuery,
  ExamResultRow,
  ExamStats,
  ExamStatsQuery,
  FailingQuestion,
  Language,
  PassFailCount,
} from '@tasreeh/shared';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { resultScopeOf } from './policy.ts';
import * as repo from './repo.ts';

function toRow(row: repo.ResultRow): ExamResultRow {
  return {
    ...row,
    examType: row.examType ?? 'Assessment',
    sessionStartsAt: row.sessionStartsAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    attendance: row.attendance === 'Attended' || row.attendance === 'Absent' ? row.attendance : null,
  };
}

export async function listResults(ctx: Ctx, query: ExamResultListQuery) {
  const page = await repo.listResults(ctx.db, resultScopeOf(actorOf(ctx)), query);
  return { ...page, items: page.items.map(toRow) };
}

export function countResults(ctx: Ctx, query: ExamResultCountQuery) {
  return repo.countResults(ctx.db, resultScopeOf(actorOf(ctx)), query);
}

const HEADINGS: Record<Language, string[]> = {
  en: [
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
  ],
  ar: [
    'الطالب',
    'رقم الهوية',
    'الدورة',
    'تاريخ الجلسة',
    'نوع الاختبار',
    'اللغة',
    'الدرجة',
    'النتيجة',
    'الشهادة',
    'الحضور',
  ],
};

const WORDS: Record<Language, Record<string, string>> = {
  en: {
    Assessment: 'Assessment',
    ReAssessment: 'ReAssessment',
    ReTake: 'ReTake',
    Passed: 'Passed',
    Failed: 'Failed',
    Attended: 'Attended',
    Absent: 'Absent',
  },
  ar: {
    Assessment: 'تقييم',
    ReAssessment: 'إعادة تقييم',
    ReTake: 'إعادة اختبار',
    Passed: 'ناجح',
    Failed: 'راسب',
    Attended: 'حضر',
    Absent: 'غائب',
  },
};

/** How many rows an export reads a time. */
const EXPORT_PAGE = 500;

/**
 * The list with the same filters as an XLSX workbook in the caller's language, streamed: the
 * matching rows are counted first (more than the list's count cap is refused with a 422), then
 * read a page at a time and written row by row.
 */
export async function exportResults(ctx: Ctx, query: ExamResultCountQuery) {
  const actor = actorOf(ctx);
  const scope = resultScopeOf(actor);
  const counted = await repo.countResults(ctx.db, scope, query);
  if (counted.capped) throw new AppError('EXAM_RESULTS_TOO_MANY', { status: 422 });
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(ctx.lang === 'ar' ? 'النتائج' : 'Results', {
    views: [{ rightToLeft: ctx.lang === 'ar', state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = HEADINGS[ctx.lang].map((header) => ({ header, width: 22 }));
  sheet.getRow(1).font = { bold: true };
  const words = WORDS[ctx.lang];
  const write = async () => {
    let cursor: string | undefined;
    do {
      const page = await repo.listResults(ctx.db, scope, {
        ...query,
        sort: 'submittedAt',
        order: 'desc',
        cursor,
        limit: EXPORT_PAGE,
      });
      for (const row of page.items) {
        sheet
          .addRow([
            ctx.lang === 'ar' ? row.studentNameAr : row.studentNameEn,
            row.idNumber ?? '',
            ctx.lang === 'ar' ? row.courseNameAr : row.courseNameEn,
            row.sessionStartsAt,
            words[row.examType ?? 'Assessment'],
            row.language,
            row.score,
            row.result ? words[row.result] : '',
            row.certificateId ?? '',
            row.attendance && words[row.attendance] ? words[row.attendance] : '',
          ])
          .commit();
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    ctx.log.error({ err: error }, 'the results export failed');
    stream.destroy(error as Error);
  });
  return stream;
}

function passFail(key: string, passed: number, failed: number): PassFailCount {
  const all = passed + failed;
  return {
    key,
    passed,
    failed,
    passRate: all === 0 ? 0 : passed / all,
    failRate: all === 0 ? 0 : failed / all,
  };
}

function grouped(rows: { key: string; passed: number; failed: number }[]): PassFailCount[] {
  const sums = new Map<string, { passed: number; failed: number }>();
  for (const row of rows) {
    const sum = sums.get(row.key) ?? { passed: 0, failed: 0 };
    sum.passed += row.passed;
    sum.failed += row.failed;
    sums.set(row.key, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, sum]) => passFail(key, sum.passed, sum.failed));
}

/** The conditions of a stats read (`st`): the period's first and last Riyadh days (inclusive), and the course. */
function statsFilter(query: ExamStatsQuery, courseColumn?: SQL): SQL {
  const conditions = [
    query.from ? sql`st.day >= ${query.from}::date` : undefined,
    query.to ? sql`st.day <= ${query.to}::date` : undefined,
    query.courseId && courseColumn ? sql`${courseColumn} = ${query.courseId}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/**
 * The dashboards' exam statistics (read_19), read from the counts each result keeps per Riyadh day
 * (exam_result_stats, exam_question_stats), never from the attempts: passes and fails by exam
 * language and by form, and the ten questions most often answered wrong, per item across
 * languages (item_key), with their ids and the text in the caller's language where a bank holds it;
 * for one course or all, over the days from `from` to `to` (each optional, inclusive).
 */
export async function examStats(ctx: Ctx, query: ExamStatsQuery): Promise<ExamStats> {
  const results = rowsOf<{ language: string; exam_type: string; passed: number; failed: number }>(
    await ctx.db.execute(sql`
      select language, exam_type, sum(passed)::int as passed, sum(failed)::int as failed
      from exam_result_stats st
      where ${statsFilter(query, sql`st.course_id`)}
      group by language, exam_type`),
  ).map((row) => ({ ...row, passed: Number(row.passed), failed: Number(row.failed) }));
  const byLanguage = grouped(results.map((row) => ({ ...row, key: row.language })));
  const byExamType = grouped(results.map((row) => ({ ...row, key: row.exam_type })));
  const totals = results.reduce(
    (sum, row) => ({ passed: sum.passed + row.passed, failed: sum.failed + row.failed }),
    { passed: 0, failed: 0 },
  );
  const questions = rowsOf<{
    item_key: string;
    question_ids: number[];
    course_id: number;
    text: string;
    language: string;
    drawn: number;
    wrong: number;
  }>(
    await ctx.db.execute(sql`
      select top.item_key::text as item_key, top.question_ids, top.course_id, top.drawn, top.wrong,
        shown.text, shown.language
      from (
        select q.item_key,
          array_agg(q.id order by q.id) as question_ids,
          min(b.course_id) as course_id,
          sum(st.drawn)::int as drawn,
          sum(st.wrong)::int as wrong
        from (
          select st.question_id, sum(st.drawn) as drawn, sum(st.wrong) as wrong
          from exam_question_stats st
          where ${statsFilter(query)}
          group by st.question_id
        ) st
        join questions q on q.id = st.question_id
        join question_banks b on b.id = q.bank_id
        where st.drawn > 0 ${query.courseId ? sql`and b.course_id = ${query.courseId}` : sql``}
        group by q.item_key
        order by sum(st.wrong)::float8 / sum(st.drawn) desc, sum(st.wrong) desc, q.item_key
        limit 10
      ) top
      -- The text in the caller's language from any bank of the course holding the item (drawn or
      -- not), else in English, else in the first language found.
      cross join lateral (
        select q.text, b.language
        from question_banks b
        join questions q on q.bank_id = b.id and q.item_key = top.item_key
        where b.course_id = top.course_id
        order by (b.language = ${ctx.lang}) desc, (b.language = 'en') desc, q.id
        limit 1
      ) shown
      order by top.wrong::float8 / top.drawn desc, top.wrong desc, top.item_key`),
  );
  const topFailingQuestions: FailingQuestion[] = questions.map((row) => ({
    itemKey: row.item_key,
    questionIds: row.question_ids.map(Number),
    courseId: Number(row.course_id),
    text: row.text,
    language: row.language,
    drawn: Number(row.drawn),
    wrong: Number(row.wrong),
    wrongRate: Number(row.drawn) === 0 ? 0 : Number(row.wrong) / Number(row.drawn),
  }));
  return {
    total: passFail('all', totals.passed, totals.failed),
    byLanguage,
    byExamType,
    topFailingQuestions,
  };
}
