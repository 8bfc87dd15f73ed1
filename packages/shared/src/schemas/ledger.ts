import { JOURNAL_SOURCES, LEDGER_ROLES } from '../finance.ts';
import { z } from '../zod.ts';
import { isoDate } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

/**
 * The journal (issue 13, F4): entries by period (`from`/`to` are centre days, both included),
 * searched by memo, filtered by source; newest first unless asked otherwise.
 */
export const JournalListQuery = listQuery(['day'] as const).extend({
  from: isoDate('INVALID_VALUE').optional(),
  to: isoDate('INVALID_VALUE').optional(),
  source: z.enum(JOURNAL_SOURCES).optional(),
});
export type JournalListQuery = z.infer<typeof JournalListQuery>;
export const JournalCountQuery = countQueryOf(JournalListQuery);

/** One line of an entry, with its account's five segments and role; halalas. */
export const JournalLine = z.object({
  id: z.number(),
  accountId: z.number(),
  role: z.enum(LEDGER_ROLES).nullable(),
  department: z.string(),
  businessUnit: z.string(),
  organization: z.string(),
  naturalAccount: z.string(),
  mainAccount: z.string(),
  debit: z.number(),
  credit: z.number(),
});
export type JournalLine = z.infer<typeof JournalLine>;

export const JournalEntry = z.object({
  id: z.number(),
  day: z.string(),
  source: z.enum(JOURNAL_SOURCES),
  sourceId: z.number(),
  branchId: z.number().nullable(),
  memo: z.string(),
  /** The entry's total: its debits (equal to its credits). */
  total: z.number(),
  lines: z.array(JournalLine),
});
export type JournalEntry = z.infer<typeof JournalEntry>;
export const JournalPage = listPage(JournalEntry);

export const JOURNAL_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** The export of a period for the centre's accounting system: both days required. */
export const JournalExportQuery = z.strictObject({
  from: isoDate('INVALID_VALUE'),
  to: isoDate('INVALID_VALUE'),
  format: z.enum(JOURNAL_EXPORT_FORMATS).default('csv'),
});
export type JournalExportQuery = z.infer<typeof JournalExportQuery>;
