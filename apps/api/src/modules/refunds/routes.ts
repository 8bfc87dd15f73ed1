import {
  IdSchema,
  ListCount,
  RefundApproveInput,
  RefundableOf,
  RefundRejectInput,
  RefundRequest,
  RefundRequestCountQuery,
  RefundRequestDone,
  RefundRequestInput,
  RefundRequestListQuery,
  RefundRequestPage,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { rowGuard } from '../../plugins/access.ts';
import { refundsPolicy } from './policy.ts';
import * as queries from './queries.ts';
import * as service from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
/** Refunds with approval (issue 13, F1): refund-payment and refund-corporate. */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.RefundDeps = { seller: app.deps.config.seller };
  const request = service.requestRefund();
  const approve = service.approveRefund(deps);
  const reject = service.rejectRefund();
  const retryPayout = service.retryPayout();

  app.post('/refund-requests', {
    schema: {
      tags: ['refunds'],
      description:
        "Idempotency-Key required. Staff with create on finance (10) or cash (17), of the payment's branch when they belong to one, asks to refund part or all of a paid payment: `amount` (halalas) at most what is left (paid − every credit note already issued on it − pending requests; 409 `REFUND_EXCEEDS_REMAINING` with the amount left, or `NOTHING_LEFT_TO_REFUND`; an advance at most what the payer's balance still holds, 409 `REFUND_ADVANCE_SPENT`), `payout` `original` (cash from the till, POS/card back to the card, wire by transfer) or `balance` (the payer's balance; never for an advance, which is there already: 409 `REFUND_ADVANCE_INTO_BALANCE`). Answers \"Request has been submitted\".",
      body: RefundRequestInput,
      response: { 201: RefundRequestDone },
    },
    config: refundsPolicy.route('request'),
    handler: async (req, reply) => reply.status(201).send(await request(ctxOf(req), req.body)),
  });

  app.get('/refund-requests', {
    schema: {
      tags: ['refunds'],
      description:
        "Refund requests, newest first, by keyset (`cursor`): staff with read on 10 or 17, their branch's when they belong to one. Filters: `status`, `payerKind` (student|corporate), `paymentId`, `search` (a student's name or ID number, a corporate's name or CR).",
      querystring: RefundRequestListQuery,
      response: { 200: RefundRequestPage },
    },
    config: refundsPolicy.route('read'),
    handler: (req) => queries.listRequests(ctxOf(req), req.query),
  });

  app.get('/refund-requests/count', {
    schema: {
      tags: ['refunds'],
      description: 'How many refund requests the list with the same filters holds (capped).',
      querystring: RefundRequestCountQuery,
      response: { 200: ListCount },
    },
    config: refundsPolicy.route('read'),
    handler: (req) => queries.countRequests(ctxOf(req), req.query),
  });

  app.get('/refund-requests/refundable/:id', {
    schema: {
      tags: ['refunds'],
      description:
        "What is left to refund of a payment (`:id` is the payment), for the request dialog: `refundable` = `paid` − `givenBack` (its credit notes) − `pending` (requests awaiting approval), halalas; for an advance at most `advanceInBalance`, what the payer's balance still holds (null for any other payment).",
      params: IdParams,
      response: { 200: RefundableOf },
    },
    config: refundsPolicy.route('request'),
    handler: (req) => queries.refundableOf(ctxOf(req), req.params.id),
  });

  app.get('/refund-requests/:id', {
    schema: { tags: ['refunds'], params: IdParams, response: { 200: RefundRequest } },
    config: refundsPolicy.route('read'),
    handler: (req) => queries.getRequest(ctxOf(req), req.params.id),
  });

  app.post('/refund-requests/:id/approve', {
    schema: {
      tags: ['refunds'],
      description:
        "Idempotency-Key required. Finance with edit (the CFO), never the requester (403 `REFUND_OWN_REQUEST`); a pending request only (409 `REFUND_NOT_PENDING`); at most what is left of the payment now (paid − every credit note: a cancellation or another refund may have given it back meanwhile; 409 `NOTHING_LEFT_TO_REFUND` / `REFUND_EXCEEDS_REMAINING`; an advance at most what the payer's balance still holds: 409 `REFUND_ADVANCE_SPENT`). An advance's refund takes the money out of the balance as well as paying it out. Issues the credit note, posts the journal and pays back; cash or POS out of the payment branch's till is refused when that branch has closed today (409 `REFUND_DAY_CLOSED`). A card refund is queued (`payoutStatus` pending in the answer) as a `refund-payout` job and sent through the gateway once the approval has committed, normally within seconds (`sent`); a refused send is tried again with a growing wait, and is `failed` after 5 refusals (see retry-payout).",
      params: IdParams,
      body: RefundApproveInput.optional(),
      response: { 200: RefundRequestDone },
    },
    config: { ...refundsPolicy.route('decide'), guard: rowGuard(IdParams, queries.assertMayDecide) },
    handler: (req) => approve(ctxOf(req), { id: req.params.id, input: req.body ?? {} }),
  });

  app.post('/refund-requests/:id/reject', {
    schema: {
      tags: ['refunds'],
      description:
        'Idempotency-Key required. Finance with edit, never the requester; a pending request only; `note` required.',
      params: IdParams,
      body: RefundRejectInput,
      response: { 200: RefundRequestDone },
    },
    config: { ...refundsPolicy.route('decide'), guard: rowGuard(IdParams, queries.assertMayDecide) },
    handler: (req) => reject(ctxOf(req), { id: req.params.id, input: req.body }),
  });

  app.post('/refund-requests/:id/retry-payout', {
    schema: {
      tags: ['refunds'],
      description:
        'Idempotency-Key required. Finance with edit: a card refund the gateway kept refusing (`payoutStatus` failed; else 409 `REFUND_PAYOUT_NOT_FAILED`) is queued again (`pending` in the answer, sent within seconds), its attempts counted afresh; the gateway never refunds one request twice.',
      params: IdParams,
      response: { 200: RefundRequestDone },
    },
    config: refundsPolicy.route('decide'),
    handler: (req) => retryPayout(ctxOf(req), { id: req.params.id }),
  });
};
