import { RevenueExportQuery, RevenueQuery, RevenueReport } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { XLSX_TYPE } from '../assessments/index.ts';
import { financeReportsPolicy } from './policy.ts';
import { revenue, revenueCsv, revenueXlsx } from './queries.ts';

/** Finance reports (issue 13, F5; read_10): revenue per day, branch, method or course of a period. */
export const financeReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/finance-reports/revenue', {
    schema: {
      tags: ['finance'],
      description:
        'Revenue of the period `from`–`to` (days, Riyadh time, at most a year) grouped by `groupBy` (day, branch, method, course): paid booking and product payments minus the credit notes issued, halalas, with totals; advances are not revenue. A branch-bound finance user gets its branch’s.',
      querystring: RevenueQuery,
      response: { 200: RevenueReport },
    },
    config: financeReportsPolicy.route('read'),
    handler: (request) => revenue(ctxOf(request), request.query),
  });

  app.get('/finance-reports/revenue/export', {
    schema: {
      tags: ['finance'],
      description:
        'The same report as a file: `format=xlsx` (default) or `csv` (UTF-8), its labels in the request’s language, with the totals row.',
      querystring: RevenueExportQuery,
    },
    config: financeReportsPolicy.route('read'),
    handler: async (request, reply) => {
      const ctx = ctxOf(request);
      const { format, lang, ...query } = request.query;
      const report = await revenue(ctx, query);
      const language = lang ?? ctx.lang;
      const name = `revenue-${query.groupBy}-${query.from}-${query.to}.${format}`;
      const bytes = format === 'csv' ? revenueCsv(report, language) : await revenueXlsx(report, language);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  });
};
