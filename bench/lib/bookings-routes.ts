/**
 * Routes of the benchmark's API only (never the product's), for `bookings.bench.ts`: it sets
 * up through them what no API call makes in one step, and counts through them, in the
 * database, what its requests left.
 * - `POST /bench/sessions?capacity=&seatsTaken=` → `{ id }`: a Remote training of the seeded
 *   "Food Safety Basics" at RUH-01, starting tomorrow (the scheduling API would need a room,
 *   an instructor and their clashes, which this benchmark is not about);
 * - `POST /bench/advances` `[{ studentId, amount }]`: an advance payment credited to each
 *   student's balance (the ledger entry a teller's advance makes);
 * - `GET /bench/bookings-tally?sessions=1,2`: those sessions' seats, bookings, payments and
 *   invoices, and whether the invoice series is gap-free.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/api/src/db/client.ts';
import {
  bookings,
  branches,
  courses,
  invoices,
  payments,
  scheduledSessions,
  walletEntries,
} from '../../apps/api/src/db/schema/index.ts';
import { AppError } from '../../apps/api/src/lib/app-error.ts';
import { fieldsOf } from './fields.ts';

const PUBLIC = { config: { access: 'public' } } as const;

/** A whole number of at least 0 from a query string or a body, or a 400 naming the field. */
function wholeNumber(value: unknown, name: string): number {
  const number = Number(value);
  if (value === '' || !Number.isSafeInteger(number) || number < 0) {
    throw new AppError('INVALID_VALUE', { status: 400, fields: { [name]: 'INVALID_VALUE' } });
  }
  return number;
}

async function insertSession(db: Db, capacity: number, seatsTaken: number): Promise<{ id: number }> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.nameEn, 'Food Safety Basics'));
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'RUH-01'));
  if (!course || !branch) throw new Error('the demo data has no Food Safety Basics or no RUH-01');
  const startsAt = new Date(Date.now() + 86_400_000);
  const [row] = await db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: course.id,
      branchId: branch.id,
      delivery: 'remote',
      language: 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      capacity,
      seatsTaken,
    })
    .returning({ id: scheduledSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** Counts, in the database, what the benchmark's requests left in these sessions. */
async function tallyBookings(db: Db, sessionIds: number[]) {
  const [seats] = await db
    .select({
      capacity: sql<number>`coalesce(sum(${scheduledSessions.capacity}), 0)::int`,
      seatsTaken: sql<number>`coalesce(sum(${scheduledSessions.seatsTaken}), 0)::int`,
    })
    .from(scheduledSessions)
    .where(inArray(scheduledSessions.id, sessionIds));
  const [booked] = await db
    .select({
      live: sql<number>`(count(*) filter (where ${bookings.status} not in ('Cancelled', 'Expired')))::int`,
      paid: sql<number>`(count(*) filter (where ${bookings.status} = 'Booked'))::int`,
    })
    .from(bookings)
    .where(inArray(bookings.sessionId, sessionIds));
  const [paidFor] = await db
    .select({
      payments: sql<number>`(count(distinct ${payments.id}) filter (where ${payments.status} = 'paid'))::int`,
      invoices: sql<number>`count(${invoices.id})::int`,
      firstInvoice: sql<string | null>`min(${invoices.number})`,
      lastInvoice: sql<string | null>`max(${invoices.number})`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
    .where(inArray(bookings.sessionId, sessionIds));
  const [series] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${invoices.number})` })
    .from(invoices)
    .where(eq(invoices.kind, 'invoice'));
  const sequenceOf = (number: string | null | undefined) => Number(number?.replace(/^INV-/, '') ?? 0);
  const invoiceCount = paidFor?.invoices ?? 0;
  return {
    capacity: seats?.capacity ?? 0,
    seatsTaken: seats?.seatsTaken ?? 0,
    liveBookings: booked?.live ?? 0,
    paidBookings: booked?.paid ?? 0,
    payments: paidFor?.payments ?? 0,
    invoices: invoiceCount,
    /** The whole series is 1…n with no hole, and these sessions' invoices follow one another. */
    invoicesGapFree:
      (series?.count ?? 0) === sequenceOf(series?.last) &&
      (invoiceCount === 0 ||
        sequenceOf(paidFor?.lastInvoice) - sequenceOf(paidFor?.firstInvoice) + 1 === invoiceCount),
  };
}

export type BookingsTally = Awaited<ReturnType<typeof tallyBookings>>;

/** Adds the routes above to the benchmark's API. */
export function addBookingBenchRoutes(app: FastifyInstance, db: Db): void {
  app.post('/bench/sessions', PUBLIC, async (request) => {
    const query = fieldsOf(request.query);
    return insertSession(
      db,
      wholeNumber(query.capacity, 'capacity'),
      wholeNumber(query.seatsTaken ?? 0, 'seatsTaken'),
    );
  });

  app.post('/bench/advances', PUBLIC, async (request) => {
    const credits = (Array.isArray(request.body) ? request.body : []).map((credit) => {
      const fields = fieldsOf(credit);
      return {
        studentId: wholeNumber(fields.studentId, 'studentId'),
        amount: wholeNumber(fields.amount, 'amount'),
      };
    });
    if (credits.length === 0) return { credited: 0 };
    await db
      .insert(walletEntries)
      .values(credits.map((credit) => ({ ...credit, kind: 'advance' as const, note: 'bench' })));
    return { credited: credits.length };
  });

  app.get('/bench/bookings-tally', PUBLIC, async (request) => {
    const sessionIds = String(fieldsOf(request.query).sessions ?? '')
      .split(',')
      .map((id) => wholeNumber(id, 'sessions'));
    return tallyBookings(db, sessionIds);
  });
}
