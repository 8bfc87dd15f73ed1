import {
  JournalCountQuery,
  JournalExportQuery,
  JournalListQuery,
  JournalPage,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ledgerPolicy } from './policy.ts';
import * as journal from './service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The double-entry journal (issue 13, F4): entries by period and their export for the accounting system. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/journal', {
    schema: {
      tags: ['ledger'],
      description:
        'Journal entries with their lines, one keyset page by day. `from`/`to`: centre days, both included; `search`: the memo.',
      querystring: JournalListQuery,
      response: { 200: JournalPage },
    },
    config: ledgerPolicy.route('read'),
    handler: (request) => journal.listJournal(ctxOf(request), request.query),
  });

  app.get('/journal/count', {
    schema: { tags: ['ledger'], querystring: JournalCountQuery, response: { 200: ListCount } },
    config: ledgerPolicy.route('read'),
    handler: (request) => journal.countJournal(ctxOf(request), request.query),
  });

  app.get('/journal/export', {
    schema: {
      tags: ['ledger'],
      description:
        'The period’s journal, one row per line, as CSV (UTF-8 with BOM) or XLSX: date, entry id, source, source id, memo, ' +
        'the five account segments, debit and credit in SAR. A period ending before it starts or longer than a year → 400.',
      querystring: JournalExportQuery,
    },
    config: ledgerPolicy.route('read'),
    handler: async (request, reply) => {
      const { from, to, format } = request.query;
      const stream = journal.exportJournal(ctxOf(request), request.query);
      return reply
        .type(format === 'xlsx' ? XLSX : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="journal-${from}-${to}.${format}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
};
