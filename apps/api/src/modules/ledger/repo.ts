import type { JournalCountQuery, JournalLine, JournalListQuery } from '@tasreeh/shared';
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesAnyColumn, matchingRows, type SortSpec } from '../../lib/keyset.ts';

/** Whose entries a caller sees: a branch-bound caller its branch's, anyone else all. */
export type JournalScope = { branchId: number | null };

const entryColumns = {
  id: journalEntries.id,
  day: journalEntries.day,
  source: journalEntries.source,
  sourceId: journalEntries.sourceId,
  branchId: journalEntries.branchId,
  memo: journalEntries.memo,
};
type EntryRow = { id: number; day: string };
const BY_DAY: SortSpec<EntryRow> = { column: journalEntries.day, valueOf: (row) => row.day };

function entriesMatching(scope: JournalScope, query: z.infer<typeof JournalCountQuery>): SQL | undefined {
  return and(
    scope.branchId !== null ? eq(journalEntries.branchId, scope.branchId) : undefined,
    query.from ? gte(journalEntries.day, query.from) : undefined,
    query.to ? lte(journalEntries.day, query.to) : undefined,
    query.source ? eq(journalEntries.source, query.source) : undefined,
    query.search ? matchesAnyColumn(query.search, [journalEntries.memo]) : undefined,
  );
}

/** The lines of some entries with their accounts, by entry, in the order they were posted. */
async function linesOf(db: Db, entryIds: number[]): Promise<Map<number, JournalLine[]>> {
  const byEntry = new Map<number, JournalLine[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .select({
      entryId: journalLines.entryId,
      id: journalLines.id,
      accountId: ledgerAccounts.id,
      role: ledgerAccounts.role,
      department: ledgerAccounts.department,
      businessUnit: ledgerAccounts.businessUnit,
      organization: ledgerAccounts.organization,
      naturalAccount: ledgerAccounts.naturalAccount,
      mainAccount: ledgerAccounts.mainAccount,
      debit: journalLines.debit,
      credit: journalLines.credit,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(inArray(journalLines.entryId, entryIds))
    .orderBy(asc(journalLines.id));
  for (const { entryId, ...line } of rows) {
    const lines = byEntry.get(entryId) ?? [];
    lines.push(line);
    byEntry.set(entryId, lines);
  }
  return byEntry;
}

/** One keyset page of entries (by day, then id), each with its lines and total. */
export async function listEntries(db: Db, scope: JournalScope, query: JournalListQuery) {
  const page = await keysetPage(query, {
    rows: db.select(entryColumns).from(journalEntries).$dynamic(),
    where: entriesMatching(scope, query),
    sort: BY_DAY,
    idColumn: journalEntries.id,
  });
  const lines = await linesOf(
    db,
    page.items.map((entry) => entry.id),
  );
  return {
    items: page.items.map((entry) => {
      const own = lines.get(entry.id) ?? [];
      return { ...entry, total: own.reduce((sum, line) => sum + line.debit, 0), lines: own };
    }),
    nextCursor: page.nextCursor,
  };
}

export function countEntries(db: Db, scope: JournalScope, query: z.infer<typeof JournalCountQuery>) {
  return countMatches(
    db,
    matchingRows(db).from(journalEntries).where(entriesMatching(scope, query)).$dynamic(),
  );
}

/** Whether any journal line is on the account. */
export async function accountHasLines(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: journalLines.id })
    .from(journalLines)
    .where(eq(journalLines.ledgerAccountId, accountId))
    .limit(1);
  return row !== undefined;
}
