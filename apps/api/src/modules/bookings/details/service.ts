import type { BookingDetail, BookingEvent, BookingHistoryEntry } from '@tasreeh/shared';
import { notFound } from '../../../lib/app-error.ts';
import { type Actor, actorOf, type Ctx } from '../../../lib/context.ts';
import { bookingRemainingOf } from '../../money/index.ts';
import { bookingScopeOf, bookingsPolicy } from '../policy.ts';
import * as bookingsRepo from '../repo.ts';
import { toSummary } from '../service.ts';
import * as repo from './repo.ts';

function fieldOf(after: unknown, name: string): unknown {
  return typeof after === 'object' && after !== null && name in after
    ? (after as Record<string, unknown>)[name]
    : undefined;
}

/** What an audit row of a booking or of one of its payments says happened; nothing for rows that say nothing new. */
export function eventOf(action: string, after: unknown): BookingEvent | null {
  const status = fieldOf(after, 'status');
  switch (action) {
    case 'booking.create':
      return 'booked';
    case 'booking.expire':
      return 'expired';
    case 'booking.cancel':
      return 'cancelled';
    case 'booking.move':
      return 'moved';
    case 'payment.confirm-wire':
      return 'paid';
    case 'payment.confirm-card':
      if (status === 'paid') return 'paid';
      return status === 'pending' ? null : 'paymentFailed';
    case 'payment.create':
      if (status === 'paid') return 'paid';
      if (status === 'failed' || status === 'cancelled') return 'paymentFailed';
      return fieldOf(after, 'method') === 'wire' ? 'wireWaiting' : 'paymentStarted';
    default:
      return null;
  }
}

function historyOf(rows: Awaited<ReturnType<typeof repo.findAuditTrail>>): BookingHistoryEntry[] {
  return rows.flatMap((row) => {
    const event = eventOf(row.action, row.after);
    if (!event) return [];
    return [
      {
        action: row.action,
        event,
        at: row.at.toISOString(),
        byUserId: row.byUserId,
        by:
          row.byNameEn !== null && row.byNameAr !== null
            ? { nameEn: row.byNameEn, nameAr: row.byNameAr }
            : null,
      },
    ];
  });
}

function abilitiesOf(actor: Actor, booking: bookingsRepo.BookingSummaryRow) {
  const live = { ...booking, branchId: booking.session.branchId, startsAt: booking.session.startsAt };
  return bookingsPolicy.abilities(actor, live, ['cancel', 'move']);
}

/**
 * One booking with its session, student, payments (each with its invoice), invoices and credit
 * notes, what has been given back of it and what a cancellation would credit, and history (booked, paid, cancelled, moved…: who and when); another owner's booking is
 * not found.
 */
export async function getBooking(ctx: Ctx, id: number): Promise<BookingDetail> {
  const actor = actorOf(ctx);
  const row = await bookingsRepo.findBooking(ctx.db, bookingScopeOf(actor), id);
  if (!row) throw notFound();
  const [paymentRows, documentRows, trail, remaining] = await Promise.all([
    repo.findPayments(ctx.db, id),
    repo.findDocuments(ctx.db, id),
    repo.findAuditTrail(ctx.db, id),
    bookingRemainingOf(ctx.db, id),
  ]);
  return {
    ...toSummary(row),
    history: historyOf(trail),
    payments: paymentRows.map((payment) => ({ ...payment, paidAt: payment.paidAt?.toISOString() ?? null })),
    documents: documentRows.map((document) => ({ ...document, issuedAt: document.issuedAt.toISOString() })),
    givenBack: remaining.givenBack,
    leftToGiveBack: remaining.left,
    abilities: abilitiesOf(actor, row),
  };
}
