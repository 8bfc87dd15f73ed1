import { PassThrough } from 'node:stream';
import {
  type JournalCountQuery,
  type JournalEntry,
  type JournalExportQuery,
  type JournalListQuery,
  type Language,
  toRiyalString,
} from '@tasreeh/shared';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { journalScopeOf } from './policy.ts';
import * as repo from './repo.ts';

function scopeOf(ctx: Ctx): repo.JournalScope {
  return journalScopeOf(actorOf(ctx));
}

export function listJournal(ctx: Ctx, query: JournalListQuery) {
  return repo.listEntries(ctx.db, scopeOf(ctx), query);
}

export function countJournal(ctx: Ctx, query: z.infer<typeof JournalCountQuery>) {
  return repo.countEntries(ctx.db, scopeOf(ctx), query);
}

/** The longest period one export covers. */
const MAX_EXPORT_DAYS = 366;
/** How many entries an export reads a time. */
const EXPORT_PAGE = 200;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The export's columns, the CSV's header (fixed, for the accounting system's import) and the workbook's, in the caller's language. */
const HEADINGS: Record<Language, string[]> = {
  en: [
    'Date',
    'Entry ID',
    'Source',
    'Source ID',
    'Memo',
    'Department',
    'Business unit',
    'Organization',
    'Natural account',
    'Main account',
    'Debit (SAR)',
    'Credit (SAR)',
  ],
  ar: [
    'التاريخ',
    'رقم القيد',
    'المصدر',
    'رقم المصدر',
    'البيان',
    'القسم',
    'وحدة الأعمال',
    'المنظمة',
    'الحساب الطبيعي',
    'الحساب الرئيسي',
    'مدين (ريال)',
    'دائن (ريال)',
  ],
};

/** A text cell a spreadsheet would run as a formula is written as text (CSV injection). */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

type ExportRow = { entry: JournalEntry; line: JournalEntry['lines'][number] };

function textCellsOf({ entry, line }: ExportRow): string[] {
  return [
    entry.day,
    String(entry.id),
    entry.source,
    String(entry.sourceId),
    safeText(entry.memo),
    safeText(line.department),
    safeText(line.businessUnit),
    safeText(line.organization),
    safeText(line.naturalAccount),
    safeText(line.mainAccount),
  ];
}

/**
 * `GET /api/journal/export`: the period's entries, one row per line (date, entry, source, memo,
 * the account's five segments, debit and credit in SAR with two decimals), streamed as CSV
 * (UTF-8 with a BOM for Excel, CRLF lines) or as an XLSX workbook. A period that ends before
 * it starts, or spans more than a year, is refused (400).
 */
export function exportJournal(ctx: Ctx, query: JournalExportQuery) {
  const span = daysBetween(query.from, query.to);
  if (span < 0 || span >= MAX_EXPORT_DAYS)
    throw new AppError('JOURNAL_PERIOD_INVALID', { status: 400, fields: { to: 'JOURNAL_PERIOD_INVALID' } });
  const scope = scopeOf(ctx);
  const stream = new PassThrough();
  const rows = async function* () {
    let cursor: string | undefined;
    do {
      const page = await repo.listEntries(ctx.db, scope, {
        from: query.from,
        to: query.to,
        sort: 'day',
        order: 'asc',
        cursor,
        limit: EXPORT_PAGE,
      });
      for (const entry of page.items) for (const line of entry.lines) yield { entry, line };
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  };
  const writeCsv = async () => {
    stream.write(`\ufeff${HEADINGS.en.map(csvField).join(',')}\r\n`);
    for await (const row of rows()) {
      const cells = [...textCellsOf(row), toRiyalString(row.line.debit), toRiyalString(row.line.credit)];
      if (!stream.write(`${cells.map(csvField).join(',')}\r\n`))
        await new Promise((resolve) => stream.once('drain', resolve));
    }
    stream.end();
  };
  const writeXlsx = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = workbook.addWorksheet(ctx.lang === 'ar' ? 'دفتر اليومية' : 'Journal', {
      views: [{ rightToLeft: ctx.lang === 'ar', state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = HEADINGS[ctx.lang].map((header, index) => ({
      header,
      width: index === 4 ? 36 : 18,
      style: index >= 10 ? { numFmt: '#,##0.00' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of rows()) {
      const [day, id, source, sourceId, ...text] = textCellsOf(row);
      sheet
        .addRow([
          day,
          Number(id),
          source,
          Number(sourceId),
          ...text,
          row.line.debit / 100,
          row.line.credit / 100,
        ])
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  (query.format === 'xlsx' ? writeXlsx() : writeCsv()).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'the journal export failed');
    stream.destroy(error as Error);
  });
  return stream;
}
