import {
  BatchBookingCreated,
  BatchBookingInput,
  BookableCourses,
  BookingCancelInput,
  BookingCancelled,
  BookingCountQuery,
  BookingCreated,
  BookingDetail,
  BookingInput,
  BookingListQuery,
  BookingMoved,
  BookingMoveInput,
  BookingPage,
  IdSchema,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ctxOf } from '../../lib/context.ts';
import { callerGuard, rowGuard } from '../../plugins/access.ts';
import { cancelBooking } from './booking-cancel.ts';
import { getBooking } from './details/service.ts';
import { moveBooking } from './move/service.ts';
import { assertMayBook, bookingsPolicy } from './policy.ts';
import * as bookings from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const IDEMPOTENCY = 'Requires an `Idempotency-Key` header: a replay answers the first response.';

/**
 * Bookings (spec resource 9; student and corporate `booking`). Who may see or book what is the
 * service's row policy: a student its own, a corporate its students', a teller at the counter,
 * staff with read_9 their branch's.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const cancel = cancelBooking(app.deps.config.seller);
  app.get('/bookings', {
    schema: { tags: ['bookings'], querystring: BookingListQuery, response: { 200: BookingPage } },
    config: bookingsPolicy.route('read'),
    handler: (request) => bookings.listBookings(ctxOf(request), request.query),
  });

  app.get('/bookings/courses', {
    schema: { tags: ['bookings'], response: { 200: BookableCourses } },
    config: bookingsPolicy.route('session'),
    handler: (request) => bookings.listBookableCourses(ctxOf(request)),
  });

  app.get('/bookings/count', {
    schema: { tags: ['bookings'], querystring: BookingCountQuery, response: { 200: ListCount } },
    config: bookingsPolicy.route('read'),
    handler: (request) => bookings.countBookings(ctxOf(request), request.query),
  });

  app.post('/bookings', {
    schema: {
      tags: ['bookings'],
      description: `Holds one seat for 15 minutes (Pending Payment). A student books itself (no studentId); a Teller or a corporate names the student. A full session is 409 SESSION_FULL. ${IDEMPOTENCY}`,
      body: BookingInput,
      response: { 201: BookingCreated },
    },
    config: { ...bookingsPolicy.route('session'), guard: callerGuard((ctx) => assertMayBook(actorOf(ctx))) },
    handler: async (request, reply) =>
      reply.status(201).send(await bookings.createBooking(ctxOf(request), request.body)),
  });

  app.post('/bookings/batch', {
    schema: {
      tags: ['bookings'],
      description: `A corporate books many of its students into one session: all seats or none. ${IDEMPOTENCY}`,
      body: BatchBookingInput,
      response: { 201: BatchBookingCreated },
    },
    config: bookingsPolicy.route('batch'),
    handler: async (request, reply) =>
      reply.status(201).send(await bookings.createBatchBooking(ctxOf(request), request.body)),
  });

  app.get('/bookings/:id', {
    schema: {
      tags: ['bookings'],
      description:
        'The booking, its session and student, its payments (each with its invoice), its invoices and credit notes, its history (what happened, when, by whom) and what the caller may do with it.',
      params: IdParams,
      response: { 200: BookingDetail },
    },
    config: bookingsPolicy.route('session'),
    handler: (request) => getBooking(ctxOf(request), request.params.id),
  });

  app.post('/bookings/:id/move', {
    schema: {
      tags: ['bookings'],
      description: `Moves a booking to another session of the same course and kind with a free seat, before either starts; the price, payments and invoices stay with it. By the booking's student or corporate, or staff with edit on bookings of its branch. ${IDEMPOTENCY}`,
      params: IdParams,
      body: BookingMoveInput,
      response: { 200: BookingMoved },
    },
    config: { ...bookingsPolicy.route('change'), guard: rowGuard(IdParams, bookings.assertMayChangeBooking) },
    handler: (request) => moveBooking(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.post('/bookings/:id/cancel', {
    schema: {
      tags: ['bookings'],
      description:
        "Idempotency-Key required. Before the session starts: frees the seat; what is left to give back of each paid payment (paid − what refunds already gave back: `refund.givenBackBefore`) becomes a credit in the payer's balance (`refund.amount`) with a credit note; nothing left credits nothing.",
      params: IdParams,
      body: BookingCancelInput.optional(),
      response: { 200: BookingCancelled },
    },
    config: { ...bookingsPolicy.route('change'), guard: rowGuard(IdParams, bookings.assertMayChangeBooking) },
    handler: (request) => cancel(ctxOf(request), { id: request.params.id, input: request.body ?? {} }),
  });
};
