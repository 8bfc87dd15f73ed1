import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { invoices, payments, refundRequests, users } from '../db/schema/index.ts';
import { settleApproval } from '../modules/refunds/index.ts';
import { demoEmailOf } from './demo-users.ts';

/**
 * The refunds of the demo (issue 13, F1): two of the teller's cash payments, each with a refund
 * the teller requested — one waiting for the CFO, one the CFO approved into the payer's balance
 * (its credit note, wallet entry and journal written by the approval's own code).
 */
export async function seedDemoRefunds(db: Db, seller: Config['seller']): Promise<void> {
  await db.transaction(async (tx) => {
    const [teller] = await tx
      .select()
      .from(users)
      .where(eq(users.email, demoEmailOf('Teller')));
    const [cfo] = await tx
      .select()
      .from(users)
      .where(eq(users.email, demoEmailOf('CFO')));
    if (!teller || !cfo) return;
    const paid = await tx
      .select({ payment: payments })
      .from(payments)
      .innerJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
      .where(
        and(eq(payments.status, 'paid'), eq(payments.method, 'cash'), eq(payments.takenByUserId, teller.id)),
      )
      .orderBy(asc(payments.id));
    const [pendingOf, approvedOf] = paid.slice(-2).map((row) => row.payment);
    if (!pendingOf || !approvedOf) return;
    await tx.insert(refundRequests).values({
      paymentId: pendingOf.id,
      amount: Math.min(5_000, pendingOf.amount),
      reason: 'The student was absent for medical reasons (report attached at the counter).',
      payout: 'original',
      requestedByUserId: teller.id,
    });
    const [approved] = await tx
      .insert(refundRequests)
      .values({
        paymentId: approvedOf.id,
        amount: Math.min(10_000, approvedOf.amount),
        reason: 'Charged for the wrong course level.',
        payout: 'balance',
        requestedByUserId: teller.id,
      })
      .returning();
    if (!approved) return;
    await settleApproval(tx, seller, {
      request: approved,
      deciderUserId: cfo.id,
      note: 'Checked against the invoice.',
    });
  });
}
