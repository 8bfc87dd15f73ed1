import {
  ExamResultCountQuery,
  ExamResultExportQuery,
  ExamResultListQuery,
  ExamResultPage,
  ExamStats,
  ExamStatsQuery,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { examResultsPolicy } from './policy.ts';
import * as results from './service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const examResultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/exam-results', {
    schema: {
      tags: ['exam-results'],
      description:
        'Exam results (submitted attempts), one keyset page. `search`: a student name or ID number (digits in any script).',
      querystring: ExamResultListQuery,
      response: { 200: ExamResultPage },
    },
    config: examResultsPolicy.route('read'),
    handler: (request) => results.listResults(ctxOf(request), request.query),
  });

  app.get('/exam-results/count', {
    schema: { tags: ['exam-results'], querystring: ExamResultCountQuery, response: { 200: ListCount } },
    config: examResultsPolicy.route('read'),
    handler: (request) => results.countResults(ctxOf(request), request.query),
  });

  app.get('/exam-results/export', {
    schema: {
      tags: ['exam-results'],
      description: `The list with the same filters as an XLSX workbook (${XLSX}) in the caller's language.`,
      querystring: ExamResultExportQuery,
    },
    config: examResultsPolicy.route('read'),
    handler: async (request, reply) => {
      const stream = await results.exportResults(ctxOf(request), request.query);
      const name = `exam-results-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.get('/exam-stats', {
    schema: {
      tags: ['exam-results'],
      description:
        'Pass/fail by exam language and by form and the top 10 failing questions (per item across languages), read from ' +
        'the stored per-day counts: one course or all, over the Riyadh days `from`–`to` (ISO dates, both included, each ' +
        'optional; `from` after `to` → 400 EXAM_STATS_RANGE). Staff with read_19 (docs/decisions/0016).',
      querystring: ExamStatsQuery,
      response: { 200: ExamStats },
    },
    config: examResultsPolicy.route('stats'),
    handler: (request) => results.examStats(ctxOf(request), request.query),
  });
};
