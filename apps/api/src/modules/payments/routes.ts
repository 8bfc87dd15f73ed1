import {
  Balance,
  CheckoutSummary,
  IdSchema,
  ListCount,
  Payment,
  PaymentCountQuery,
  PaymentCreated,
  PaymentInput,
  PaymentListQuery,
  PaymentPage,
  WIRE_COPY_RULE,
  WireRejectInput,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { sendFile } from '../../lib/send-file.ts';
import { rowGuard } from '../../plugins/access.ts';
import { type DevelopmentPayment, gatewayFor } from '../money/index.ts';
import * as card from './card.ts';
import { devGatewayRoutes } from './dev-gateway.ts';
import { paymentsPolicy } from './policy.ts';
import * as queries from './queries.ts';
import * as service from './service.ts';
import * as settle from './settle.ts';
import * as wire from './wire.ts';
import { rejectWire } from './wire-reject.ts';

const IdParams = z.strictObject({ id: IdSchema });
/**
 * Payments (issue 11 contract): checkout by every method, the card gateway's callback and webhook,
 * finance's wire confirmation, lists for money people, (a booking's cancellation with its money is the bookings module's).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: settle.PaymentDeps = { gateway: gatewayFor(app.deps.config), config: app.deps.config };
  const create = service.createPayment(deps);
  const confirmWire = wire.confirmWire(deps);
  const rejectPendingWire = rejectWire(deps);

  app.post('/payments', {
    schema: {
      tags: ['payments'],
      description:
        "Idempotency-Key required. JSON `PaymentInput`; a wire transfer as multipart/form-data with the same fields as text and the file `wireCopy` (PDF/JPEG/PNG, ≤ 5 MB). Cash and POS by a teller of the session's branch; card, wire and balance by the payer. Card answers `redirectUrl`: the gateway's hosted page.",
      response: { 201: PaymentCreated },
    },
    config: paymentsPolicy.route('payersAndTellers'),
    handler: async (request, reply) => {
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, { wireCopy: { ...WIRE_COPY_RULE, required: false } });
        const input = PaymentInput.parse(form.fields);
        return reply
          .status(201)
          .send(await create(ctxOf(request), { ...input, wireCopy: form.files.wireCopy }));
      }
      const input = PaymentInput.parse(request.body);
      return reply.status(201).send(await create(ctxOf(request), input));
    },
  });

  app.get('/payments', {
    schema: {
      tags: ['payments'],
      description:
        "The caller's payments, newest first, by keyset (`cursor`): a student's or a corporate's own; finance (read_10 or read_17) all, or its branch's when it belongs to one (a teller its branch's). Filters: `from`/`to` (days, Riyadh time), `method`, `status`, `branchId`, and `search` for the payer (part of a student's ID number or name, or of a corporate's name).",
      querystring: PaymentListQuery,
      response: { 200: PaymentPage },
    },
    config: paymentsPolicy.route('lists'),
    handler: (request) => queries.listPayments(ctxOf(request), request.query),
  });

  app.get('/payments/count', {
    schema: {
      tags: ['payments'],
      description: 'How many payments the list with the same filters holds (capped).',
      querystring: PaymentCountQuery,
      response: { 200: ListCount },
    },
    config: paymentsPolicy.route('lists'),
    handler: (request) => queries.countPayments(ctxOf(request), request.query),
  });

  app.get('/payments/balance', {
    schema: { tags: ['payments'], response: { 200: Balance } },
    config: paymentsPolicy.route('payers'),
    handler: (request) => queries.myBalance(ctxOf(request)),
  });

  app.get('/payments/checkout/:id', {
    schema: {
      tags: ['payments'],
      description: "A booking's order summary for its checkout (`:id` is the booking's).",
      params: IdParams,
      response: { 200: CheckoutSummary },
    },
    config: paymentsPolicy.route('payersAndTellers'),
    handler: (request) => queries.checkoutSummary(ctxOf(request), request.params.id),
  });

  app.get('/payments/callback', {
    schema: {
      tags: ['payments'],
      description:
        'Where the card gateway sends the payer back. Never trusted: the payment is fetched from the gateway with the secret key, then the payer is redirected to the web page showing the result.',
      querystring: z.object({ payment: IdSchema }).passthrough(),
    },
    config: paymentsPolicy.route('public'),
    handler: async (request, reply) => {
      const ctx = ctxOf(request);
      let confirmed: Awaited<ReturnType<typeof card.confirmCard>>;
      try {
        confirmed = await card.confirmCard(ctx, deps, request.query.payment, ctx.lang);
      } catch (error) {
        // The gateway could not be asked now: the payer is told it is still pending (the webhook,
        // or the next visit, confirms it); anything else is answered as it is.
        const pending = await card.pendingCardPayment(ctx, request.query.payment);
        if (!(error instanceof AppError && error.code === 'PAYMENT_GATEWAY_UNAVAILABLE') || !pending)
          throw error;
        confirmed = { payment: pending, outcome: 'pending' };
      }
      const { payment, outcome } = confirmed;
      const target = `${settle.resultPathOf(payment)}?payment=${payment.id}&result=${outcome}`;
      return reply.redirect(`${deps.config.publicUrl ?? ''}${target}`, 303);
    },
  });

  app.post('/payments/webhook', {
    schema: {
      tags: ['payments'],
      description:
        "The card gateway's webhook (its secret token checked); the payment is then fetched and confirmed as on the callback.",
    },
    config: paymentsPolicy.route('public'),
    handler: async (request, reply) => {
      const gatewayPaymentId = deps.gateway.verifyWebhook(request.body);
      if (!gatewayPaymentId) return reply.status(401).send({ ok: false });
      const payment = await card.findByGatewayId(ctxOf(request), deps, gatewayPaymentId);
      if (payment) await card.confirmCard(ctxOf(request), deps, payment.id, null);
      return { ok: true };
    },
  });

  app.get('/payments/:id', {
    schema: { tags: ['payments'], params: IdParams, response: { 200: Payment } },
    config: paymentsPolicy.route('session'),
    handler: (request) => queries.getPayment(ctxOf(request), request.params.id),
  });

  app.get('/payments/:id/wire-copy', {
    schema: { tags: ['payments'], description: "A wire transfer's copy (PDF or picture).", params: IdParams },
    config: paymentsPolicy.route('session'),
    handler: async (request, reply) =>
      sendFile(reply, await queries.wireCopyOf(ctxOf(request), request.params.id), 'private, no-store'),
  });

  app.post('/payments/:id/confirm-wire', {
    schema: {
      tags: ['payments'],
      description:
        'Idempotency-Key required. Finance confirms a wire transfer waiting for it: the payment is paid and invoiced, the booking Booked. A wire no longer pending is 409 `PAYMENT_NOT_PENDING_WIRE`.',
      params: IdParams,
      response: { 200: PaymentCreated },
    },
    config: paymentsPolicy.route('wires'),
    handler: (request) => confirmWire(ctxOf(request), { id: request.params.id }),
  });

  app.post('/payments/:id/reject-wire', {
    schema: {
      tags: ['payments'],
      description:
        'Idempotency-Key required. Finance refuses a wire transfer waiting for confirmation: the payment becomes `failed` with the `reason`, no invoice; its booking goes back from Pending to Pending Payment with a fresh hold, and the payer is told by e-mail and SMS. A wire no longer pending (confirmed or already rejected) is 409 `PAYMENT_WIRE_NOT_REJECTABLE`.',
      params: IdParams,
      body: WireRejectInput,
      response: { 200: PaymentCreated },
    },
    config: { ...paymentsPolicy.route('wires'), guard: rowGuard(IdParams, wire.assertWireInScope) },
    handler: (request) => rejectPendingWire(ctxOf(request), { id: request.params.id, ...request.body }),
  });

  if ('payments' in deps.gateway && app.deps.config.env !== 'production') {
    await app.register(devGatewayRoutes, {
      payments: deps.gateway.payments as Map<string, DevelopmentPayment>,
    });
  }
};
