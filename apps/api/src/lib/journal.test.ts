import { LEDGER_ROLES } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, journalLines, ledgerAccounts } from '../db/schema/index.ts';
import { seedLedgerChart } from '../seed/ledger-chart.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from './app-error.ts';
import { postJournal } from './journal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sale = (sourceId: number) => ({
  day: '2026-11-20',
  source: 'payment' as const,
  sourceId,
  memo: 'Course booking, cash',
  lines: [
    { role: 'cash' as const, debit: 24_150 },
    { role: 'revenue' as const, credit: 20_000 },
    { role: 'amana_payable' as const, credit: 1_000 },
    { role: 'vat_payable' as const, credit: 3_150 },
    { role: 'cash_differences' as const, credit: 0 },
  ],
});

describe('postJournal', () => {
  it('has a starter account for every role, seeded once', async () => {
    const roles = (await t.db.select({ role: ledgerAccounts.role }).from(ledgerAccounts)).map(
      (row) => row.role,
    );
    expect(roles.filter(Boolean).sort()).toEqual([...LEDGER_ROLES].sort());
    await seedLedgerChart(t.db);
    expect(await t.db.select().from(ledgerAccounts)).toHaveLength(roles.length);
  });

  it('posts one balanced entry per event on the role accounts, and the same event again changes nothing', async () => {
    const id = await postJournal(t.db, sale(700_001));
    expect(await postJournal(t.db, sale(700_001))).toBe(id);
    const lines = await t.db
      .select({ role: ledgerAccounts.role, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
      .where(eq(journalLines.entryId, id));
    // the zero line is left out
    expect(lines).toHaveLength(4);
    expect(lines.reduce((sum, line) => sum + line.debit - line.credit, 0)).toBe(0);
    expect(lines).toContainEqual({ role: 'cash', debit: 24_150, credit: 0 });
  });

  it('refuses an entry that does not balance, and a role finance has left without an account', async () => {
    const unbalanced = { ...sale(700_002), lines: [{ role: 'cash' as const, debit: 100 }] };
    await expect(postJournal(t.db, unbalanced)).rejects.toThrow(/does not balance/);
    const error = await t.db
      .transaction(async (tx) => {
        await tx.update(ledgerAccounts).set({ role: null }).where(eq(ledgerAccounts.role, 'amana_payable'));
        await postJournal(tx, sale(700_003));
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'LEDGER_ACCOUNT_MISSING', status: 409 });
    const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.sourceId, 700_003));
    expect(entries).toEqual([]);
  });
});
