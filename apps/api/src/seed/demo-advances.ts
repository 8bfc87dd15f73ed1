import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { branches, corporates, payments, students, users } from '../db/schema/index.ts';
import { writeAudit } from '../lib/audit.ts';
import { issueDocument, settleAdvance } from '../modules/money/index.ts';
import { DEMO_STUDENT_ID_NUMBER, demoEmailOf } from './demo-users.ts';

const DAY_MS = 86_400_000;

/**
 * Advance payments in the demo (issue 13, F5): a walk-in student's cash advance taken today by
 * the CFO, and the demo corporate's wire advance confirmed three days ago; each credited to the
 * balance, posted to the journal and receipted as the payment path leaves them. Head office names
 * the branch each belongs to (decision 0021): the student's registration branch, the main branch
 * for the corporate; their days' closings count them.
 */
export async function seedDemoAdvances(
  db: Db,
  seller: Config['seller'],
  now: Date = new Date(),
): Promise<void> {
  const [cfo] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmailOf('CFO')));
  // A walk-in student (not the demo login's, whose balance the booking demo tells its own story with).
  const [student] = await db
    .select({ id: students.id, name: users.nameEn, branchId: students.branchId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(ne(users.idNumber, DEMO_STUDENT_ID_NUMBER), isNull(students.corporateId)))
    .orderBy(asc(students.id))
    .limit(1);
  const [corporate] = await db
    .select({ id: corporates.id, name: corporates.nameEn })
    .from(corporates)
    .innerJoin(users, eq(users.id, corporates.userId))
    .where(eq(users.email, demoEmailOf('corporate')));
  const [main] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.type, 'main'))
    .orderBy(asc(branches.id))
    .limit(1);
  if (!cfo || !student || !corporate || !main) return;
  const advances = [
    {
      payer: { payerStudentId: student.id, payerCorporateId: null },
      buyer: student.name,
      branchId: student.branchId ?? main.id,
      method: 'cash' as const,
      amount: 50_000,
      paidAt: now,
      extra: {},
    },
    {
      payer: { payerStudentId: null, payerCorporateId: corporate.id },
      buyer: corporate.name,
      branchId: main.id,
      method: 'wire' as const,
      amount: 250_000,
      paidAt: new Date(now.getTime() - 3 * DAY_MS),
      extra: { bankName: 'Al Rajhi Bank', accountNumber: '608010167519', iban: 'SA0380000000608010167519' },
    },
  ];
  for (const advance of advances) {
    const [payment] = await db
      .insert(payments)
      .values({
        purpose: 'advance',
        ...advance.payer,
        branchId: advance.branchId,
        method: advance.method,
        status: 'paid',
        amount: advance.amount,
        subtotal: advance.amount,
        amanaFee: 0,
        vat: 0,
        takenByUserId: cfo.id,
        paidAt: advance.paidAt,
        createdAt: advance.paidAt,
        ...advance.extra,
      })
      .returning();
    if (!payment) throw new Error('demo advance not inserted');
    await writeAudit(db, {
      actorUserId: cfo.id,
      action: 'payment.advance',
      entity: 'payments',
      entityId: payment.id,
      after: { method: advance.method, amount: advance.amount, status: 'paid' },
    });
    const lines = await settleAdvance(db, payment, cfo.id);
    await issueDocument(db, seller, {
      kind: 'invoice',
      paymentId: payment.id,
      buyerName: advance.buyer,
      lines,
      subtotal: advance.amount,
      amanaFee: 0,
      vat: 0,
      total: advance.amount,
    });
  }
}
