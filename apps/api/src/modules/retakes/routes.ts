import {
  BookingCreated,
  ListCount,
  RetakeBookingInput,
  RetakeCountQuery,
  RetakeListQuery,
  RetakePage,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { retakesPolicy } from './policy.ts';
import * as retakes from './service.ts';

/** Retakes by the official rule (spec retake-exam read_9; book-retake and its payment create_9). */
export const retakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/retakes', {
    schema: {
      tags: ['retakes'],
      description:
        'Students whose latest exam of a course failed and what is due: one fail a free ReAssessment, two a paid ReTake, three the course again. Staff of a branch see their branch.',
      querystring: RetakeListQuery,
      response: { 200: RetakePage },
    },
    config: retakesPolicy.route('read'),
    handler: (request) => retakes.listRetakes(ctxOf(request), request.query),
  });

  app.get('/retakes/count', {
    schema: { tags: ['retakes'], querystring: RetakeCountQuery, response: { 200: ListCount } },
    config: retakesPolicy.route('read'),
    handler: (request) => retakes.countRetakes(ctxOf(request), request.query),
  });

  app.post('/retakes/bookings', {
    schema: {
      tags: ['retakes'],
      description:
        'Books a student into a ReAssessment or ReTake session of the type due (else 409 RETAKE_NOT_DUE): the ReAssessment free and Booked, the ReTake held for payment at the retake fee. Requires an `Idempotency-Key` header.',
      body: RetakeBookingInput,
      response: { 201: BookingCreated },
    },
    config: retakesPolicy.route('book'),
    handler: async (request, reply) =>
      reply.status(201).send(await retakes.bookRetake(ctxOf(request), request.body)),
  });
};
