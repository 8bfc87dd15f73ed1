import type { InvoiceLine } from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import { type payments, walletEntries } from '../../db/schema/index.ts';

/** The receipt's one line. */
export function advanceLine(amount: number): InvoiceLine {
  return {
    descriptionEn: 'Advance payment into the balance',
    descriptionAr: 'دفعة مقدمة إلى الرصيد',
    quantity: 1,
    subtotal: amount,
    amanaFee: 0,
    vat: 0,
    total: amount,
  };
}

/**
 * An advance has been paid (at the counter, its wire confirmed, its card confirmed): the payer's
 * balance is credited in the caller's transaction (settlePaid posts the journal, as for every
 * payment). Returns the receipt's lines.
 */
export async function settleAdvance(
  db: Db,
  payment: Pick<typeof payments.$inferSelect, 'id' | 'amount' | 'payerStudentId' | 'payerCorporateId'>,
  userId: number | null,
): Promise<InvoiceLine[]> {
  await db.insert(walletEntries).values({
    studentId: payment.payerStudentId,
    corporateId: payment.payerCorporateId,
    kind: 'advance',
    amount: payment.amount,
    paymentId: payment.id,
    createdByUserId: userId,
  });
  return [advanceLine(payment.amount)];
}
