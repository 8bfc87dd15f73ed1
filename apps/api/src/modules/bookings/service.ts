import { randomUUID } from 'node:crypto';
import {
  type BatchBookingCreated,
  type BatchBookingInput,
  type BookableCourses,
  type Booking,
  type BookingCreated,
  type BookingInput,
  type BookingSummary,
  computeFees,
  type ExamSessionType,
  HOLD_MINUTES,
  translateMessage,
} from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { expireHoldsLater } from './hold-expiry.ts';
import { assertMayBook, type Booker, bookerOf, bookingScopeOf, bookingsPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { retakeTermsOf } from './retake-rule.ts';

export function toBooking(row: repo.BookingRow): Booking {
  return {
    ...row,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A bookings list row as the API answers it (ISO instants). */
export function toSummary(row: repo.BookingSummaryRow): BookingSummary {
  return {
    ...toBooking(row),
    session: {
      ...row.session,
      startsAt: row.session.startsAt.toISOString(),
      endsAt: row.session.endsAt.toISOString(),
    },
    student: row.student,
  };
}

/** The same student twice in one session: the live-seat unique index refused the second. */
export function duplicateOf(constraint: string | undefined): AppError {
  if (constraint === 'bookings_live_seat_key') return new AppError('ALREADY_BOOKED', { status: 409 });
  return new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 });
}

/**
 * Takes `n` seats of a session by one conditional write, or says why not: an unknown session
 * (or one outside the booker's branch) is 404, a started or cancelled one cannot be booked, a
 * full one is SESSION_FULL (one seat) or NOT_ENOUGH_SEATS (several).
 */
export async function takeSeats(ctx: CommandCtx, sessionId: number, n: number, branchId: number | undefined) {
  const session = await repo.takeSeats(ctx.db, sessionId, n);
  if (session && (branchId === undefined || session.branchId === branchId)) return session;
  const state = await repo.findSessionState(ctx.db, sessionId);
  if (!state || (branchId !== undefined && state.branchId !== branchId)) throw notFound();
  if (state.status !== 'scheduled' || state.started) {
    throw new AppError('SESSION_NOT_BOOKABLE', { status: 409 });
  }
  if (n === 1 || state.seatsLeft <= 0) throw new AppError('SESSION_FULL', { status: 409 });
  throw new AppError('NOT_ENOUGH_SEATS', { status: 409, params: { seatsLeft: state.seatsLeft } });
}

/** The price of a course's booking, from its fee setup through the shared money rules. */
export async function priceOf(db: Db, courseId: number) {
  const fees = await repo.findCourseFees(db, courseId);
  if (!fees) throw notFound();
  return priceFrom(fees);
}

function priceFrom(fees: repo.FeeSetupRow) {
  const { originalFee, amanaFee, vat, total } = computeFees({
    originalFee: fees.originalFee,
    amanaFee:
      fees.amanaFeeKind === 'amount'
        ? { kind: 'amount', amount: fees.amanaFee }
        : { kind: 'percent', rate: fees.amanaFee },
    vatRate: fees.vatRate,
    vatOnOriginal: fees.vatOnOriginal,
    vatOnAmana: fees.vatOnAmana,
  });
  return { originalFee, amanaFee, vat, total };
}

const holdUntil = () => sql`now() + ${`${HOLD_MINUTES} minutes`}::interval`;

/**
 * Writes one booking of a seat already taken, priced by the pricing hook of exam sessions: a
 * ReAssessment or ReTake session only for a student due exactly that (retakes/rule.ts), the
 * ReAssessment free and Booked at once, the ReTake at the retake fee; else the course's fees.
 */
export async function insertBookingOf(
  ctx: CommandCtx,
  options: {
    booker: Pick<Booker, 'channel' | 'corporateId'>;
    studentId: number;
    session: { id: number; courseId: number; examType: ExamSessionType | null };
  },
) {
  const { booker, studentId, session } = options;
  const retake = await retakeTermsOf(ctx.db, studentId, session);
  const [row] = await repo.insertBookings(ctx.db, [
    {
      sessionId: session.id,
      studentId,
      corporateId: booker.corporateId,
      channel: booker.channel,
      status: retake?.bookedAtOnce ? 'Booked' : 'Pending Payment',
      holdExpiresAt: retake?.bookedAtOnce ? null : holdUntil(),
      bookedByUserId: actorOf(ctx).userId,
      ...(retake ? retake.price : await priceOf(ctx.db, session.courseId)),
    },
  ]);
  if (!row) throw new Error('booking insert returned nothing');
  if (row.status === 'Pending Payment') await expireHoldsLater(ctx, [row.id]);
  return row;
}

/**
 * Books one seat and holds it for HOLD_MINUTES (Pending Payment): a student for itself, a
 * corporate for one of its students, a teller at the counter. The seat is taken by one
 * conditional write in the booking's transaction; the price is fixed from the course's fees.
 */
export const createBooking = command({
  name: 'booking.create',
  entity: 'bookings',
  idempotency: 'required',
  authorize: bookingsPolicy.authorizeBy('create', (ctx) => assertMayBook(actorOf(ctx))),
  run: async (ctx, input: BookingInput): Promise<BookingCreated> => {
    const actor = actorOf(ctx);
    const booker = bookerOf(actor, input.studentId);
    const [student] = await repo.findStudents(ctx.db, [booker.studentId]);
    if (!student) throw notFound();
    if (booker.channel === 'corporate' && student.corporateId !== booker.corporateId) throw notFound();
    if (student.onHold) throw new AppError('STUDENT_ON_HOLD', { status: 409 });
    const session = await takeSeats(ctx, input.sessionId, 1, booker.sessionBranchId);
    const booking = toBooking(await insertBookingOf(ctx, { booker, studentId: student.id, session }));
    // A free ReAssessment is Booked at once: no seat is held for payment.
    const message = booking.status === 'Booked' ? 'RETAKE_BOOKED' : 'SEAT_HELD';
    return { ...booking, message: translateMessage(message, ctx.lang) };
  },
  audit: ({ result }) => ({ entityId: result.id, after: { status: result.status, total: result.total } }),
  duplicate: duplicateOf,
});

/**
 * A corporate books many of its students into one session: all seats or none, by one
 * conditional write of n seats. Deferred bookings are Booked at once with nothing paid;
 * Immediate ones are held for payment like any other.
 */
export const createBatchBooking = command({
  name: 'booking.batch',
  entity: 'bookings',
  idempotency: 'required',
  authorize: bookingsPolicy.authorize('batch'),
  run: async (ctx, input: BatchBookingInput): Promise<BatchBookingCreated> => {
    const actor = actorOf(ctx);
    const found = await repo.findStudents(ctx.db, input.studentIds);
    const own = found.filter((student) => student.corporateId === actor.corporateId);
    if (own.length !== input.studentIds.length) throw notFound();
    if (own.some((student) => student.onHold)) throw new AppError('STUDENT_ON_HOLD', { status: 409 });
    const session = await takeSeats(ctx, input.sessionId, input.studentIds.length, undefined);
    // A retake is due student by student: it is booked one at a time, never in a batch.
    if (session.examType === 'ReAssessment' || session.examType === 'ReTake') {
      throw new AppError('RETAKE_NOT_DUE', { status: 409 });
    }
    const price = await priceOf(ctx.db, session.courseId);
    const deferred = input.paymentTiming === 'Deferred';
    const batchId = randomUUID();
    const rows = await repo.insertBookings(
      ctx.db,
      input.studentIds.map((studentId) => ({
        sessionId: session.id,
        studentId,
        corporateId: actor.corporateId,
        batchId,
        channel: 'corporate' as const,
        status: deferred ? ('Booked' as const) : ('Pending Payment' as const),
        paymentType: input.paymentType,
        paymentTiming: input.paymentTiming,
        holdExpiresAt: deferred ? null : holdUntil(),
        bookedByUserId: actor.userId,
        ...price,
      })),
    );
    if (!deferred)
      await expireHoldsLater(
        ctx,
        rows.map((row) => row.id),
      );
    for (const row of rows) {
      await writeAudit(ctx.db, {
        actorUserId: actor.userId,
        action: 'booking.create',
        entity: 'bookings',
        entityId: row.id,
        after: { status: row.status, total: row.total, batchId },
        ip: ctx.ip,
      });
    }
    return {
      batchId,
      items: rows.map(toBooking),
      message: translateMessage('BATCH_BOOKED', ctx.lang, { count: rows.length }),
    };
  },
  audit: () => null,
  duplicate: duplicateOf,
});

/**
 * The courses a booking may be made for, each with its price: the first step of every booking
 * screen and a filter of booking-management (students, corporates, tellers, staff with read_9).
 */
/**
 * The route guard of cancelling and moving a booking: one the caller may not change is not
 * found (the policy's `change`), before the form is read; the command checks it again under its lock.
 */
export async function assertMayChangeBooking(ctx: Ctx, { id }: { id: number }): Promise<void> {
  const booking = await repo.findBookingOwners(ctx.db, id);
  if (!booking) throw notFound();
  bookingsPolicy.assert(ctx.actor, 'change', booking);
}

export async function listBookableCourses(ctx: Ctx): Promise<BookableCourses> {
  const actor = actorOf(ctx);
  if (actor.type !== 'Teller') bookingScopeOf(actor);
  const rows = await repo.findActiveCourses(ctx.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      nameEn: row.nameEn,
      nameAr: row.nameAr,
      total: priceFrom(row.fees).total,
    })),
  };
}

/** The bookings the caller may see (own, corporate's, branch's or all), one keyset page. */
export async function listBookings(ctx: Ctx, query: repo.BookingListFilter) {
  const page = await repo.listBookings(ctx.db, bookingScopeOf(actorOf(ctx)), query);
  return { ...page, items: page.items.map(toSummary) };
}

/** How many of the bookings the caller may see match the filters (capped). */
export function countBookings(ctx: Ctx, query: repo.BookingFilter) {
  return repo.countBookings(ctx.db, bookingScopeOf(actorOf(ctx)), query);
}
