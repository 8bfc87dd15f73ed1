import type { JournalSource, LedgerRole } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts } from '../db/schema/index.ts';

/** The journal entry of an event, with its lines by the role of their account (`Dr`/`Cr` in halalas). */
export async function entryOf(db: Db, source: JournalSource, sourceId: number) {
  const [entry] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.source, source), eq(journalEntries.sourceId, sourceId)));
  if (!entry) return undefined;
  const lines = await db
    .select({ role: ledgerAccounts.role, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(eq(journalLines.entryId, entry.id));
  const byRole: Partial<Record<LedgerRole, { debit: number; credit: number }>> = {};
  for (const line of lines) if (line.role) byRole[line.role] = { debit: line.debit, credit: line.credit };
  return { ...entry, lines: byRole };
}
