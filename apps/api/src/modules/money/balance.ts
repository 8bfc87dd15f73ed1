import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { corporates, students, walletEntries } from '../../db/schema/index.ts';

/** Whose balance: a student's or a corporate's (the other is null). */
export interface Payer {
  studentId: number | null;
  corporateId: number | null;
}

/** Locks the payer's row `FOR UPDATE`: two spends or give-backs of one balance take turns. */
export async function lockPayer(db: Db, payer: Payer): Promise<void> {
  if (payer.studentId !== null) {
    await db.select({ id: students.id }).from(students).where(eq(students.id, payer.studentId)).for('update');
  } else if (payer.corporateId !== null) {
    await db
      .select({ id: corporates.id })
      .from(corporates)
      .where(eq(corporates.id, payer.corporateId))
      .for('update');
  }
}

/** Locks the payer's row, then sums its ledger. */
export async function lockedBalanceOf(db: Db, payer: Payer): Promise<number> {
  await lockPayer(db, payer);
  return balanceOf(db, payer);
}

export async function balanceOf(db: Db, payer: Payer): Promise<number> {
  const owner =
    payer.studentId !== null
      ? eq(walletEntries.studentId, payer.studentId)
      : eq(walletEntries.corporateId, payer.corporateId ?? -1);
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletEntries.amount}), 0)` })
    .from(walletEntries)
    .where(owner);
  return Number(row?.sum ?? 0);
}
