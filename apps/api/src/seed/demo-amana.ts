import { centreDay } from '@tasreeh/shared';
import { and, count, desc, eq, gt, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments, users } from '../db/schema/index.ts';
import { writeAudit } from '../lib/audit.ts';
import { writeAmanaInvoice } from '../modules/amana-invoices/index.ts';
import { demoEmailOf } from './demo-users.ts';

const DAY_MS = 86_400_000;

/**
 * The Amanah's side of the demo (issue 13, F3): one invoice awaiting verification, issued by the
 * CFO through the real path (lines, `AMN-` number, journal) for the branch with the most paid
 * payments carrying an Amanah fee, over the eight days up to today. Payments taken after the
 * seed are on no invoice, for finance to issue the next one. Runs inside seedDemo, after the bookings.
 */
export async function seedDemoAmana(db: Db): Promise<void> {
  const [cfo] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmailOf('CFO')));
  if (!cfo) return;
  const now = Date.now();
  const periodFrom = centreDay(new Date(now - 8 * DAY_MS));
  const periodTo = centreDay(new Date(now));
  const [busiest] = await db
    .select({ branchId: payments.branchId, paid: count() })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'paid'),
        gt(payments.amanaFee, 0),
        isNotNull(payments.branchId),
        gte(payments.paidAt, new Date(`${periodFrom}T00:00:00+03:00`)),
      ),
    )
    .groupBy(payments.branchId)
    .orderBy(desc(count()))
    .limit(1);
  if (!busiest?.branchId) return;
  const input = { branchId: busiest.branchId, periodFrom, periodTo };
  try {
    const invoice = await writeAmanaInvoice(db, input, cfo.id);
    await writeAudit(db, {
      actorUserId: cfo.id,
      action: 'amana_invoice.create',
      entity: 'amana_invoices',
      entityId: invoice.id,
      after: { number: invoice.number },
    });
  } catch (error) {
    // Nothing paid in the period in that branch: no invoice to show, the rest of the demo stands.
    if (error instanceof Error && 'code' in error && error.code === 'AMANA_NOTHING_TO_INVOICE') return;
    throw error;
  }
}
