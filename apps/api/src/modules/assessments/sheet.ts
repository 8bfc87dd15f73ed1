import {
  ANSWER_TEXT_MAX,
  ANSWERS_MAX,
  BANK_IMPORT_MAX_ROWS,
  BANK_SHEET_COLUMNS,
  checkAnswers,
  directionOfLanguage,
  type ImportRowError,
  type MessageCode,
  QUESTION_TEXT_MAX,
  type TrainingLanguage,
  translateMessage,
} from '@tasreeh/shared';
import ExcelJS from 'exceljs';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { isInvalidText } from '../../lib/text-check.ts';
import { zipUnpacksWithin } from '../../lib/zip-guard.ts';
import { mayEditQuestions, requireBankAccess } from './policy.ts';
import * as repo from './repo.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A bank as a spreadsheet: one row a question (item key, question, answers 1–6, the correct
 * answer's number), active questions only, in the bank's order; right to left for Arabic and Urdu.
 * Importing the file back changes nothing (the round trip is tested).
 */
export async function exportBank(ctx: Ctx, examId: number, language: TrainingLanguage) {
  const exam = await repo.findExam(ctx.db, examId);
  if (!exam) throw notFound();
  await requireBankAccess(ctx.db, actorOf(ctx), exam.courseId, 'read');
  const bank = await repo.findBank(ctx.db, exam.courseId, language);
  const rows = bank ? (await repo.listBankQuestions(ctx.db, bank.id)).filter((row) => !row.retiredAt) : [];
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  const sheet = workbook.addWorksheet(language, {
    views: [{ rightToLeft: directionOfLanguage(language) === 'rtl', state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow([...BANK_SHEET_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const answers = row.answers.map((answer) => answer.text);
    const correct = row.answers.findIndex((answer) => answer.correct) + 1;
    sheet.addRow([
      row.itemKey,
      row.text,
      ...Array.from({ length: ANSWERS_MAX }, (_, index) => answers[index] ?? null),
      correct,
    ]);
  }
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 38 : index === 1 ? 60 : 28;
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes: buffer, fileName: `bank-${examId}-${language}.xlsx` };
}

interface ParsedRow {
  row: number;
  itemKey: string | undefined;
  text: string;
  answers: { text: string; correct: boolean; audioFileId: string | null }[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value && value.result !== undefined && value.result !== null)
      return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

function fileInvalid() {
  return new AppError('IMPORT_FILE_INVALID', { status: 400, fields: { file: 'IMPORT_FILE_INVALID' } });
}

/** Reads and checks every row; all the problems, each with its row, column and message. */
async function parseSheet(ctx: Ctx, bytes: Buffer) {
  if (!zipUnpacksWithin(bytes)) throw fileInvalid();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileInvalid();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileInvalid();
  const header = BANK_SHEET_COLUMNS.map((_, index) =>
    cellText(sheet.getRow(1).getCell(index + 1).value)
      .trim()
      .toLowerCase(),
  );
  if (header.some((name, index) => name !== BANK_SHEET_COLUMNS[index])) throw fileInvalid();
  if (sheet.rowCount - 1 > BANK_IMPORT_MAX_ROWS) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', { status: 400, params: { max: BANK_IMPORT_MAX_ROWS } });
  }
  const errors: ImportRowError[] = [];
  const parsed: ParsedRow[] = [];
  const keys = new Set<string>();
  for (let number = 2; number <= sheet.rowCount; number++) {
    const cells = BANK_SHEET_COLUMNS.map((_, index) =>
      cellText(sheet.getRow(number).getCell(index + 1).value).trim(),
    );
    if (cells.every((cell) => cell === '')) continue;
    const fail = (column: string, code: MessageCode) =>
      errors.push({ row: number, column, code, message: translateMessage(code, ctx.lang) });
    const before = errors.length;
    cells.forEach((cell, index) => {
      if (isInvalidText(cell)) fail(BANK_SHEET_COLUMNS[index] ?? '', 'INVALID_VALUE');
    });
    const [itemKey = '', text = '', ...rest] = cells;
    const answerCells = rest.slice(0, ANSWERS_MAX);
    const correctCell = rest[ANSWERS_MAX] ?? '';
    if (itemKey && !UUID.test(itemKey)) fail('item key', 'ITEM_KEY_INVALID');
    else if (itemKey && keys.has(itemKey.toLowerCase())) fail('item key', 'ITEM_KEY_TAKEN');
    if (itemKey) keys.add(itemKey.toLowerCase());
    if (!text) fail('question', 'QUESTION_TEXT_REQUIRED');
    else if (text.length > QUESTION_TEXT_MAX) fail('question', 'TOO_LONG');
    const last = answerCells.reduce((found, cell, index) => (cell ? index : found), -1);
    const answers = answerCells.slice(0, last + 1);
    answers.forEach((answer, index) => {
      if (!answer) fail(`answer ${index + 1}`, 'ANSWER_TEXT_REQUIRED');
      else if (answer.length > ANSWER_TEXT_MAX) fail(`answer ${index + 1}`, 'TOO_LONG');
    });
    const correct = /^\d+$/.test(correctCell) ? Number(correctCell) : Number.NaN;
    const countIssue = checkAnswers(answers.map((_, index) => ({ correct: index === 0 })));
    if (countIssue) fail('answer 1', countIssue);
    else if (!Number.isInteger(correct) || correct < 1 || correct > answers.length)
      fail('correct answer', 'CORRECT_ANSWER_NUMBER_INVALID');
    if (errors.length === before) {
      parsed.push({
        row: number,
        itemKey: itemKey ? itemKey.toLowerCase() : undefined,
        text,
        answers: answers.map((answer, index) => ({
          text: answer,
          correct: index + 1 === correct,
          audioFileId: null,
        })),
      });
    }
  }
  if (parsed.length === 0 && errors.length === 0) {
    throw new AppError('QUESTIONS_REQUIRED', { status: 400, fields: { file: 'QUESTIONS_REQUIRED' } });
  }
  return { parsed, errors };
}

/**
 * A sheet has no media: an updated row's answers keep the recording of the answer they replace
 * when its text is unchanged (the recording says that text); a reworded answer loses it.
 */
function keepingRecordings(
  current: { text: string; audioFileId: string | null }[],
  answers: ParsedRow['answers'],
): ParsedRow['answers'] {
  return answers.map((answer) => ({
    ...answer,
    audioFileId: current.find((old) => old.text === answer.text)?.audioFileId ?? null,
  }));
}

function sameContent(
  existing: { text: string; answers: { text: string; correct: boolean }[] },
  row: ParsedRow,
) {
  return (
    existing.text === row.text &&
    existing.answers.length === row.answers.length &&
    existing.answers.every(
      (answer, index) =>
        answer.text === row.answers[index]?.text && answer.correct === row.answers[index]?.correct,
    )
  );
}

function rowsInvalid(errors: ImportRowError[]) {
  return new AppError('IMPORT_ROWS_INVALID', {
    status: 400,
    data: { rows: errors },
  });
}

/**
 * Imports a bank's spreadsheet in one transaction; any bad row changes nothing and the answer
 * lists every problem. `append` adds the rows (an item key already in the bank is a row error);
 * `replace` makes the bank what the file says: rows whose item key is in the bank update that
 * question (unchanged ones are left as they are; one an attempt drew cannot change), new rows are
 * added, and the bank's questions the file leaves out are retired. An item key of the course's
 * bank in another language links the row to that question.
 */
type BankImport = {
  examId: number;
  language: TrainingLanguage;
  mode: 'append' | 'replace';
  file: ReceivedFile;
};

export const importBank = command({
  name: 'bank.import',
  entity: 'question_banks',
  idempotency: 'required',
  load: async (ctx, { examId }: BankImport) => {
    const exam = await repo.findExam(ctx.db, examId);
    if (!exam) throw notFound();
    return { courseId: exam.courseId };
  },
  authorize: mayEditQuestions<BankImport, { courseId: number }>(),
  run: async (ctx, { language, mode, file }, { courseId }) => {
    const { parsed, errors } = await parseSheet(ctx, file.bytes);
    const bankId = await repo.lockBank(ctx.db, courseId, language);
    const existing = await repo.listBankQuestions(ctx.db, bankId);
    const byKey = new Map(existing.map((question) => [question.itemKey.toLowerCase(), question]));
    const toAdd: ParsedRow[] = [];
    const toUpdate: { current: (typeof existing)[number]; row: ParsedRow }[] = [];
    const fail = (row: number, column: string, code: MessageCode) =>
      errors.push({ row, column, code, message: translateMessage(code, ctx.lang) });
    for (const row of parsed) {
      const current = row.itemKey ? byKey.get(row.itemKey) : undefined;
      if (!current) toAdd.push(row);
      else if (mode === 'append') fail(row.row, 'item key', 'ITEM_KEY_TAKEN');
      else if (current.retiredAt) fail(row.row, 'item key', 'QUESTION_RETIRED');
      else if (sameContent(current, row)) continue;
      else if (current.used) fail(row.row, 'question', 'QUESTION_IN_USE');
      else toUpdate.push({ current, row });
    }
    if (errors.length > 0) {
      errors.sort((a, b) => a.row - b.row);
      throw rowsInvalid(errors);
    }
    const inFile = new Set(parsed.map((row) => row.itemKey).filter(Boolean));
    const toRetire =
      mode === 'replace'
        ? existing.filter((question) => !question.retiredAt && !inFile.has(question.itemKey.toLowerCase()))
        : [];
    const activeAfter =
      existing.filter((question) => !question.retiredAt).length - toRetire.length + toAdd.length;
    const exam = await repo.findActiveExamOfCourse(ctx.db, courseId);
    if (exam && activeAfter < exam.questionCount) {
      throw new AppError('EXAM_QUESTIONS_OVER_BANK', { status: 409 });
    }
    await repo.retireQuestions(
      ctx.db,
      toRetire.map((question) => question.id),
    );
    for (const { current, row } of toUpdate) {
      await repo.updateQuestion(ctx.db, current.id, {
        ...row,
        answers: keepingRecordings(current.answers, row.answers),
        imageFileId: current.imageFileId,
        audioFileId: current.audioFileId,
      });
    }
    let position = await repo.nextPosition(ctx.db, bankId);
    for (const row of toAdd) {
      await repo.insertQuestion(ctx.db, bankId, {
        ...row,
        imageFileId: null,
        audioFileId: null,
        itemKey: row.itemKey,
        position: position++,
      });
    }
    const counts = { added: toAdd.length, updated: toUpdate.length, retired: toRetire.length };
    return { ...counts, message: translateMessage('IMPORT_DONE', ctx.lang, counts) };
  },
  audit: ({ input, result }) => ({
    entityId: `${input.examId}:${input.language}`,
    before: null,
    after: { mode: input.mode, ...result, message: undefined },
  }),
});
