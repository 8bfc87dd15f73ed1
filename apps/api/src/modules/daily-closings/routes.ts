import {
  ClosingCountQuery,
  ClosingInput,
  ClosingListQuery,
  ClosingPage,
  ClosingSaved,
  ClosingSummary,
  ClosingSummaryQuery,
  DailyClosing,
  DEPOSIT_SLIP_RULE,
  IdSchema,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { sendFile } from '../../lib/send-file.ts';
import { rowGuard } from '../../plugins/access.ts';
import { dailyClosingsPolicy } from './policy.ts';
import * as closings from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });

/** Daily cash closing (issue 13, F2): daily-closing, daily-closing/{id}, add-closing, /upload, /finish. */
export const dailyClosingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/daily-closings/summary', {
    schema: {
      tags: ['daily-closings'],
      description:
        "read_10 or read_17. The system's totals of a branch's Riyadh day by method from its paid payments (balance payments are no takings) less the refunds paid back that day in cash or by POS (`refunds`, their own line), and its closing's id if one exists.",
      querystring: ClosingSummaryQuery,
      response: { 200: ClosingSummary },
    },
    config: dailyClosingsPolicy.route('read'),
    handler: (request) => closings.closingSummary(ctxOf(request), request.query),
  });

  app.get('/daily-closings', {
    schema: {
      tags: ['daily-closings'],
      description:
        'read_10 or read_17. Closings, newest day first (keyset `cursor`), each with the system totals, the counted cash and the difference. Filters: `branchId`, `from`/`to` (days), `status`. Head office and accountants see every branch; a teller their own.',
      querystring: ClosingListQuery,
      response: { 200: ClosingPage },
    },
    config: dailyClosingsPolicy.route('read'),
    handler: (request) => closings.listClosings(ctxOf(request), request.query),
  });

  app.get('/daily-closings/count', {
    schema: {
      tags: ['daily-closings'],
      description: 'How many closings the list with the same filters holds (capped).',
      querystring: ClosingCountQuery,
      response: { 200: ListCount },
    },
    config: dailyClosingsPolicy.route('read'),
    handler: (request) => closings.countClosings(ctxOf(request), request.query),
  });

  app.post('/daily-closings', {
    schema: {
      tags: ['daily-closings'],
      description:
        'create_10 or create_17; Idempotency-Key required. One closing per branch and day (409), a day that has come; a teller or branch accountant closes their own branch.',
      body: ClosingInput,
      response: { 201: ClosingSaved },
    },
    config: dailyClosingsPolicy.route('close'),
    handler: async (request, reply) =>
      reply.status(201).send(await closings.createClosing(ctxOf(request), request.body)),
  });

  app.get('/daily-closings/:id', {
    schema: { tags: ['daily-closings'], params: IdParams, response: { 200: DailyClosing } },
    config: dailyClosingsPolicy.route('read'),
    handler: (request) => closings.getClosing(ctxOf(request), request.params.id),
  });

  app.put('/daily-closings/:id/deposit-slip', {
    schema: {
      tags: ['daily-closings'],
      description:
        'create_10 or create_17; Idempotency-Key required. multipart/form-data with one file field `file` (PDF, JPEG or PNG, ≤ 5 MB); the closing becomes `uploaded`.',
      params: IdParams,
      response: { 200: ClosingSaved },
    },
    config: {
      ...dailyClosingsPolicy.route('close'),
      guard: rowGuard(IdParams, closings.assertMayChangeClosing),
    },
    handler: async (request) => {
      const form = await readMultipartForm(request, { file: DEPOSIT_SLIP_RULE });
      return closings.uploadDepositSlip(ctxOf(request), { id: request.params.id, file: form.files.file });
    },
  });

  app.get('/daily-closings/:id/deposit-slip', {
    schema: { tags: ['daily-closings'], description: "The closing's deposit slip.", params: IdParams },
    config: dailyClosingsPolicy.route('read'),
    handler: async (request, reply) =>
      sendFile(reply, await closings.depositSlipOf(ctxOf(request), request.params.id), 'private, no-store'),
  });

  app.post('/daily-closings/:id/finish', {
    schema: {
      tags: ['daily-closings'],
      description:
        'create_10 or create_17; Idempotency-Key required. An uploaded closing is finished: its system totals taken again under its lock, its journal entry posted, its day locked (a payment becoming paid in it, or a refund paid back in cash or by POS on it, is 409 DAY_CLOSED). Twice: 409.',
      params: IdParams,
      response: { 200: ClosingSaved },
    },
    config: dailyClosingsPolicy.route('close'),
    handler: (request) => closings.finishClosing(ctxOf(request), { id: request.params.id }),
  });
};
