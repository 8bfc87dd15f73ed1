import { centreDay, type LedgerRole, type PaymentMethod } from '@tasreeh/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, journalEntries, payments } from '../../db/schema/index.ts';
import { postJournal } from '../../lib/journal.ts';

/** The account a payment's money arrives on, by its method (finance-common's posting chart). */
export const METHOD_ROLE: Record<PaymentMethod, LedgerRole> = {
  cash: 'cash',
  pos: 'card_clearing',
  card: 'card_clearing',
  wire: 'bank',
  balance: 'customer_balances',
};

type PaymentPosting = Pick<
  typeof payments.$inferSelect,
  | 'id'
  | 'purpose'
  | 'method'
  | 'status'
  | 'amount'
  | 'subtotal'
  | 'amanaFee'
  | 'vat'
  | 'branchId'
  | 'paidAt'
  | 'createdAt'
>;

/**
 * Posts a paid payment to the journal inside the caller's transaction (source `payment`, once per
 * payment): Dr the method's account the amount; Cr revenue, the Amanah's share and VAT — or, for
 * an advance, Cr the payers' balances the whole amount. The journal day is the centre's day it
 * was paid. Takes the payment's row or its id; a payment not paid posts nothing.
 */
export async function postPayment(db: Db, payment: number | PaymentPosting): Promise<number | null> {
  const row =
    typeof payment === 'number'
      ? (await db.select().from(payments).where(eq(payments.id, payment)))[0]
      : payment;
  if (row?.status !== 'paid') return null;
  const debit = { role: METHOD_ROLE[row.method], debit: row.amount };
  const credits =
    row.purpose === 'advance'
      ? [{ role: 'customer_balances' as const, credit: row.amount }]
      : [
          { role: 'revenue' as const, credit: row.subtotal },
          { role: 'amana_payable' as const, credit: row.amanaFee },
          { role: 'vat_payable' as const, credit: row.vat },
        ];
  return postJournal(db, {
    day: centreDay(row.paidAt ?? row.createdAt),
    source: 'payment',
    sourceId: row.id,
    branchId: row.branchId,
    memo: `${row.purpose} payment ${row.id} by ${row.method}`,
    lines: [debit, ...credits],
  });
}

/**
 * Posts a credit note to the journal inside the caller's transaction (source `credit_note`, the
 * credit note's invoice id): the parts it reverses leave revenue, the Amanah's share and VAT
 * (Dr), and the whole goes into the payers' balances (Cr). Day: the centre's day it was issued;
 * branch: its payment's. Anything other than a credit note posts nothing, nor does the credit note
 * of an advance: an advance was never revenue, its money is in the payers' balances already, and
 * the refund's own entry takes it out of them (settlements' giveBack).
 */
export async function postCreditNote(db: Db, invoiceId: number): Promise<number | null> {
  const [note] = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      subtotal: invoices.subtotal,
      amanaFee: invoices.amanaFee,
      vat: invoices.vat,
      total: invoices.total,
      branchId: payments.branchId,
      purpose: payments.purpose,
    })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.id, invoiceId));
  if (note?.kind !== 'credit_note' || note.purpose === 'advance') return null;
  return postJournal(db, {
    day: centreDay(note.issuedAt),
    source: 'credit_note',
    sourceId: note.id,
    branchId: note.branchId,
    memo: `credit note ${note.number}`,
    lines: [
      { role: 'revenue', debit: note.subtotal },
      { role: 'amana_payable', debit: note.amanaFee },
      { role: 'vat_payable', debit: note.vat },
      { role: 'customer_balances', credit: note.total },
    ],
  });
}

/**
 * Posts every paid payment and every credit note that has no journal entry yet (data written
 * around the services: the demo seed, a database upgraded to the journal). Returns how many it posted.
 */
export async function postUnposted(db: Db): Promise<number> {
  const unpaid = await db
    .select({ id: payments.id })
    .from(payments)
    .leftJoin(
      journalEntries,
      and(eq(journalEntries.source, 'payment'), eq(journalEntries.sourceId, payments.id)),
    )
    .where(and(eq(payments.status, 'paid'), isNull(journalEntries.id)))
    .orderBy(payments.id);
  const notes = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .leftJoin(
      journalEntries,
      and(eq(journalEntries.source, 'credit_note'), eq(journalEntries.sourceId, invoices.id)),
    )
    .where(and(eq(invoices.kind, 'credit_note'), ne(payments.purpose, 'advance'), isNull(journalEntries.id)))
    .orderBy(invoices.id);
  for (const { id } of unpaid) await postPayment(db, id);
  for (const { id } of notes) await postCreditNote(db, id);
  return unpaid.length + notes.length;
}
