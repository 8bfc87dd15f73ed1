import { ListCount, MyExamCountQuery, MyExamListQuery, MyExamPage } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../lib/context.ts';
import { examAttemptsPolicy } from '../policy.ts';
import { countMyExams, listMyExams } from './service.ts';

/**
 * The candidate's exam lists (student `exam`: available, upcoming, past). A student sees its own
 * exam bookings; a corporate its students' (`studentId` narrows to one), read-only.
 */
export const myExamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/my-exams', {
    schema: {
      tags: ['exams'],
      description:
        "One tab of the caller's exam bookings, by session start: `available` (Booked, started or starting within 24 hours, not ended or submitted), `upcoming` (the rest not yet past), `past` (ended or submitted). Cancelled and expired bookings are in none.",
      querystring: MyExamListQuery,
      response: { 200: MyExamPage },
    },
    config: examAttemptsPolicy.route('myExams'),
    handler: (request) => listMyExams(ctxOf(request), app.deps.config.checkin, request.query),
  });

  app.get('/my-exams/count', {
    schema: { tags: ['exams'], querystring: MyExamCountQuery, response: { 200: ListCount } },
    config: examAttemptsPolicy.route('myExams'),
    handler: (request) => countMyExams(ctxOf(request), request.query),
  });
};
