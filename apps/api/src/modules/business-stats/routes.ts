import { BusinessStats, BusinessStatsQuery } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { businessStatsPolicy } from './policy.ts';
import { businessStats } from './service.ts';

/** The admin dashboard's business statistics (spec §3 "Dashboard statistics"). */
export const businessStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/business-stats', {
    schema: {
      tags: ['dashboard'],
      description:
        'A Riyadh calendar year (`year`, 2000 to next year, else 400 STATS_YEAR_INVALID; this year when left out), per month, with the year’s totals and the previous year’s. Only the parts the caller may read are answered, the others left out: `users` (read_1: staff and student accounts opened), `bookings` (read_9: trainee and corporate bookings made, expired holds left out, and those paid in full), `revenue` (read_10: paid booking and product payments minus credit notes, halalas, as the finance report counts it, and the top 3 branches and corporates by it). None of the three: 403. Staff of one branch get their branch’s figures.',
      querystring: BusinessStatsQuery,
      response: { 200: BusinessStats },
    },
    // read_1, read_9 or read_10: the service answers the parts held.
    config: businessStatsPolicy.route('read'),
    handler: (request) => businessStats(ctxOf(request), request.query),
  });
};
