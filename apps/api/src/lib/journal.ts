import type { JournalSource, LedgerRole } from '@tasreeh/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/** One side of a journal line, on the account of a ledger role; a zero amount is left out. */
export type JournalLine = { role: LedgerRole } & ({ debit: number } | { credit: number });

export interface JournalPosting {
  /** The centre's day the entry belongs to (`centreDay` of the event). */
  day: string;
  source: JournalSource;
  sourceId: number;
  branchId?: number | null;
  memo: string;
  lines: JournalLine[];
}

const debitOf = (line: JournalLine) => ('debit' in line ? line.debit : 0);
const creditOf = (line: JournalLine) => ('credit' in line ? line.credit : 0);

/**
 * Posts one balanced double-entry journal entry inside the caller's transaction, on the accounts
 * ledger-setup names for each role. One entry per event: posting the same source again returns
 * the entry already there and changes nothing. A role with no account refuses the write
 * (409 LEDGER_ACCOUNT_MISSING); an entry that does not balance is a programming error (and the
 * database's deferred trigger would refuse the commit anyway). Returns the entry's id.
 */
export async function postJournal(db: Db, posting: JournalPosting): Promise<number> {
  const lines = posting.lines.filter((line) => debitOf(line) !== 0 || creditOf(line) !== 0);
  const debits = lines.reduce((sum, line) => sum + debitOf(line), 0);
  const credits = lines.reduce((sum, line) => sum + creditOf(line), 0);
  if (debits !== credits || lines.some((line) => debitOf(line) < 0 || creditOf(line) < 0)) {
    throw new Error(
      `journal entry ${posting.source} ${posting.sourceId} does not balance: ${debits} ≠ ${credits}`,
    );
  }
  const [inserted] = await db
    .insert(journalEntries)
    .values({
      day: posting.day,
      source: posting.source,
      sourceId: posting.sourceId,
      branchId: posting.branchId ?? null,
      memo: posting.memo,
    })
    .onConflictDoNothing({ target: [journalEntries.source, journalEntries.sourceId] })
    .returning({ id: journalEntries.id });
  if (!inserted) {
    const [existing] = await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.source, posting.source), eq(journalEntries.sourceId, posting.sourceId)));
    if (!existing) throw new Error(`journal entry ${posting.source} ${posting.sourceId} vanished`);
    return existing.id;
  }
  if (lines.length === 0) return inserted.id;
  const roles = [...new Set(lines.map((line) => line.role))];
  const accounts = await db
    .select({ id: ledgerAccounts.id, role: ledgerAccounts.role })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.role, roles));
  const accountOf = new Map(accounts.map((account) => [account.role, account.id]));
  const missing = roles.find((role) => !accountOf.has(role));
  if (missing) throw new AppError('LEDGER_ACCOUNT_MISSING', { status: 409, params: { role: missing } });
  await db.insert(journalLines).values(
    lines.map((line) => ({
      entryId: inserted.id,
      ledgerAccountId: accountOf.get(line.role) ?? 0,
      debit: debitOf(line),
      credit: creditOf(line),
    })),
  );
  return inserted.id;
}
