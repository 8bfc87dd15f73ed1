import {
  AdvancePaymentInput,
  AdvancePaymentListQuery,
  AdvancePaymentPage,
  BalanceListQuery,
  BalancePage,
  ListCount,
  PayerBalanceDetail,
  PayerBalanceParams,
  PayerOption,
  PayerSearchQuery,
  PaymentCreated,
  WIRE_COPY_RULE,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { gatewayFor } from '../money/index.ts';
import type { PaymentDeps } from '../payments/index.ts';
import { advancesPolicy } from './policy.ts';
import * as queries from './queries.ts';
import { createAdvancePayment } from './service.ts';

const AdvanceCountQuery = AdvancePaymentListQuery.omit({ cursor: true, limit: true });
const BalanceCountQuery = BalanceListQuery.omit({ cursor: true, limit: true });

/**
 * Advance payments and balances (issue 13, F5; spec §2 Finance advanced-payment, advanced-payment/new).
 * Its own module since decision 0028 (it was inside payments): an advance by card goes through the same gateway.
 */
export const advanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PaymentDeps = { gateway: gatewayFor(app.deps.config), config: app.deps.config };
  const create = createAdvancePayment(deps);

  app.post('/advance-payments', {
    schema: {
      tags: ['payments'],
      description:
        "Idempotency-Key required. JSON `AdvancePaymentInput`; a wire as multipart/form-data with the same fields and the file `wireCopy`. Finance (create_10) records cash, POS (`posReference`) or a wire for any payer, into its own branch or, head office, the `branchId` it names (required; decision 0021); a student or corporate pays its own by card (answers the gateway's `redirectUrl`) or wire, into the student's registration branch or the main branch. Cash and POS are paid at once: the payer's balance is credited (a wallet entry `advance`) and the receipt issued; a wire waits for `POST /api/payments/:id/confirm-wire`.",
      response: { 201: PaymentCreated },
    },
    config: advancesPolicy.route('pay'),
    handler: async (request, reply) => {
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, { wireCopy: { ...WIRE_COPY_RULE, required: false } });
        const input = AdvancePaymentInput.parse(form.fields);
        return reply
          .status(201)
          .send(await create(ctxOf(request), { ...input, wireCopy: form.files.wireCopy }));
      }
      const input = AdvancePaymentInput.parse(request.body);
      return reply.status(201).send(await create(ctxOf(request), input));
    },
  });

  app.get('/advance-payments', {
    schema: {
      tags: ['payments'],
      description:
        'Advance payments, newest first, by keyset (`cursor`): finance (read_10) all, or its branch’s when it belongs to one. Filters: `payerKind`, `search` (a student’s ID number or name, a corporate’s name or CR), `method`, `status`, `from`/`to` (days, Riyadh time).',
      querystring: AdvancePaymentListQuery,
      response: { 200: AdvancePaymentPage },
    },
    config: advancesPolicy.route('read'),
    handler: (request) => queries.listAdvances(ctxOf(request), request.query),
  });

  app.get('/advance-payments/count', {
    schema: { tags: ['payments'], querystring: AdvanceCountQuery, response: { 200: ListCount } },
    config: advancesPolicy.route('read'),
    handler: (request) => queries.countAdvances(ctxOf(request), request.query),
  });

  app.get('/advance-payments/payers', {
    schema: {
      tags: ['payments'],
      description:
        'Whom finance may record an advance for: students of its scope (as `GET /api/students`) by ID number or name, corporates by name or CR number (ten of each).',
      querystring: PayerSearchQuery,
      response: { 200: z.array(PayerOption) },
    },
    config: advancesPolicy.route('findPayers'),
    handler: (request) => queries.searchPayers(ctxOf(request), request.query.search),
  });

  app.get('/balances', {
    schema: {
      tags: ['payments'],
      description:
        'Every payer with a balance movement and its balance (halalas), students then corporates, by keyset. Filters: `payerKind`, `search`. Finance (read_10): the students of its scope (a branch its own, as `GET /api/students`) and every corporate; a payer reads its own with `GET /api/balances/:kind/:id` or `GET /api/payments/balance`.',
      querystring: BalanceListQuery,
      response: { 200: BalancePage },
    },
    config: advancesPolicy.route('read'),
    handler: (request) => queries.listBalances(ctxOf(request), request.query),
  });

  app.get('/balances/count', {
    schema: { tags: ['payments'], querystring: BalanceCountQuery, response: { 200: ListCount } },
    config: advancesPolicy.route('read'),
    handler: (request) => queries.countBalances(ctxOf(request), request.query),
  });

  app.get('/balances/:kind/:id', {
    schema: {
      tags: ['payments'],
      description:
        "A payer's balance and its latest movements: finance (read_10) for a student of its scope (as `GET /api/students/:id`, 404 outside) or any corporate, or the payer itself.",
      params: PayerBalanceParams,
      response: { 200: PayerBalanceDetail },
    },
    config: advancesPolicy.route('balance'),
    handler: (request) => queries.payerBalance(ctxOf(request), request.params),
  });
};
