import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hideFromOtherCallers } from '../../lib/local-caller.ts';
import type { DevelopmentPayment } from '../money/index.ts';
import { paymentsPolicy } from './policy.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The development gateway's hosted page (development and test only, callers on this machine
 * only): Approve, Decline or Abandon, then back to the callback as a real gateway would.
 */
export const devGatewayRoutes: FastifyPluginAsync<{ payments: Map<string, DevelopmentPayment> }> = async (
  app,
  { payments },
) => {
  app.addHook('onRequest', hideFromOtherCallers);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const Params = z.strictObject({ id: z.string().regex(/^dev_[0-9a-f-]{36}$/) });

  app.get('/dev-gateway/pay/:id', { config: paymentsPolicy.route('public') }, async (request, reply) => {
    const params = Params.safeParse(request.params);
    const payment = params.success ? payments.get(params.data.id) : undefined;
    if (!payment) return reply.callNotFound();
    const amount = (payment.amount / 100).toFixed(2);
    const button = (action: string, label: string) =>
      `<button type="submit" name="action" value="${action}">${label}</button>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development card gateway</title></head><body>` +
          `<h1>Development card gateway</h1><p>No card is charged. ${escapeHtml(payment.description)}</p>` +
          `<p>Amount: <strong>${amount} ${escapeHtml(payment.currency)}</strong></p><p>Status: ${payment.status}</p>` +
          `<form method="post" action="/api/dev-gateway/pay/${payment.id}">` +
          `${button('approve', 'Approve')} ${button('decline', 'Decline')} ${button('abandon', 'Abandon')}</form></body></html>`,
      );
  });

  app.post('/dev-gateway/pay/:id', { config: paymentsPolicy.route('public') }, async (request, reply) => {
    const params = Params.safeParse(request.params);
    const payment = params.success ? payments.get(params.data.id) : undefined;
    if (!payment) return reply.callNotFound();
    const body = z.object({ action: z.enum(['approve', 'decline', 'abandon']) }).safeParse(request.body);
    if (!body.success) return reply.status(400).send({ ok: false });
    if (payment.status === 'initiated') {
      payment.status =
        body.data.action === 'approve' ? 'paid' : body.data.action === 'decline' ? 'failed' : 'abandoned';
    }
    return reply.redirect(payment.callbackUrl, 303);
  });
};
