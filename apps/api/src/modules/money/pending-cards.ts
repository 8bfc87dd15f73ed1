import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

/**
 * Pending card payments that a cancelled booking (or bookings whose hold the sweep expired,
 * `abandoned`) leave behind: they can no longer pay. A card paid at the gateway after this is
 * refunded when it is confirmed.
 */
export async function cancelPendingCards(
  db: Db,
  bookingIds: number | readonly number[],
  reason: 'booking cancelled' | 'abandoned' = 'booking cancelled',
) {
  const ids = typeof bookingIds === 'number' ? [bookingIds] : bookingIds;
  if (ids.length === 0) return;
  await db
    .update(payments)
    .set({ status: 'cancelled', failureReason: reason, updatedAt: new Date() })
    .where(
      and(inArray(payments.bookingId, [...ids]), eq(payments.status, 'pending'), ne(payments.method, 'wire')),
    );
}
