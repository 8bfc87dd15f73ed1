import {
  FeeSetup,
  FeeSetupCountQuery,
  FeeSetupInput,
  FeeSetupListQuery,
  FeeSetupPage,
  IdSchema,
  LedgerAccount,
  LedgerAccountCountQuery,
  LedgerAccountInput,
  LedgerAccountListQuery,
  LedgerAccountPage,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { feesPolicy } from './policy.ts';
import * as fees from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });

/** Finance (spec resource 10): fees-setup, add-fees-setup, edit-fees, ledger-setup. */
export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fee-setups', {
    schema: { tags: ['fees'], querystring: FeeSetupListQuery, response: { 200: FeeSetupPage } },
    config: feesPolicy.route('read'),
    handler: (request) => fees.listFeeSetups(ctxOf(request), request.query),
  });

  app.get('/fee-setups/count', {
    schema: { tags: ['fees'], querystring: FeeSetupCountQuery, response: { 200: ListCount } },
    config: feesPolicy.route('read'),
    handler: (request) => fees.countFeeSetups(ctxOf(request), request.query),
  });

  app.post('/fee-setups', {
    schema: { tags: ['fees'], body: FeeSetupInput, response: { 201: Saved } },
    config: feesPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await fees.createFeeSetup(ctxOf(request), request.body)),
  });

  app.get('/fee-setups/:id', {
    schema: { tags: ['fees'], params: IdParams, response: { 200: FeeSetup } },
    config: feesPolicy.route('read'),
    handler: (request) => fees.getFeeSetup(ctxOf(request), request.params.id),
  });

  app.patch('/fee-setups/:id', {
    schema: { tags: ['fees'], params: IdParams, body: FeeSetupInput, response: { 200: Saved } },
    config: feesPolicy.route('edit'),
    handler: (request) => fees.updateFeeSetup(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.get('/ledger-accounts', {
    schema: { tags: ['fees'], querystring: LedgerAccountListQuery, response: { 200: LedgerAccountPage } },
    config: feesPolicy.route('read'),
    handler: (request) => fees.listLedgerAccounts(ctxOf(request), request.query),
  });

  app.get('/ledger-accounts/count', {
    schema: { tags: ['fees'], querystring: LedgerAccountCountQuery, response: { 200: ListCount } },
    config: feesPolicy.route('read'),
    handler: (request) => fees.countLedgerAccounts(ctxOf(request), request.query),
  });

  app.get('/ledger-accounts/:id', {
    schema: { tags: ['fees'], params: IdParams, response: { 200: LedgerAccount } },
    config: feesPolicy.route('read'),
    handler: (request) => fees.getLedgerAccount(ctxOf(request), request.params.id),
  });

  app.post('/ledger-accounts', {
    schema: { tags: ['fees'], body: LedgerAccountInput, response: { 201: Saved } },
    config: feesPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await fees.createLedgerAccount(ctxOf(request), request.body)),
  });

  app.patch('/ledger-accounts/:id', {
    schema: { tags: ['fees'], params: IdParams, body: LedgerAccountInput, response: { 200: Saved } },
    config: feesPolicy.route('edit'),
    handler: (request) =>
      fees.updateLedgerAccount(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.delete('/ledger-accounts/:id', {
    schema: {
      tags: ['fees'],
      description: 'Deletes a ledger account; one with journal lines → 409 LEDGER_ACCOUNT_IN_USE.',
      params: IdParams,
      response: { 200: Saved },
    },
    config: feesPolicy.route('delete'),
    handler: (request) => fees.deleteLedgerAccount(ctxOf(request), { id: request.params.id }),
  });
};
