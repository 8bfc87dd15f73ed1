import { ContactChangeRequest, ContactChangeSent, ContactChangeVerify, IdSchema } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../lib/context.ts';
import type { PolicyRoute } from '../../../lib/policy.ts';
import { rowGuard } from '../../../plugins/access.ts';
import type { contactChangeOf } from './service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const IdParams = z.strictObject({ id: IdSchema });
const Changed = z.object({ id: z.number(), message: z.string() });

/**
 * `POST <path>/:id/contact-change` (a code to the new login e-mail or phone) and
 * `POST <path>/:id/contact-change/verify` (the code: the change is made), for whoever may edit
 * the student or corporate (`route`: its area policy's route of editing one).
 */
export function declareContactChangeRoutes(
  app: App,
  options: { path: string; tag: string; route: PolicyRoute; change: ReturnType<typeof contactChangeOf> },
) {
  const { path, tag, route, change } = options;
  const config = {
    ...route,
    guard: rowGuard(IdParams, (ctx, { id }) => change.find(ctx, id)),
  };

  app.post(`${path}/:id/contact-change`, {
    schema: {
      tags: [tag],
      params: IdParams,
      body: ContactChangeRequest,
      response: { 200: ContactChangeSent },
    },
    config,
    handler: (request) =>
      change.request(ctxOf(request), app.deps.codeKey, { id: request.params.id, input: request.body }),
  });

  app.post(`${path}/:id/contact-change/verify`, {
    schema: { tags: [tag], params: IdParams, body: ContactChangeVerify, response: { 200: Changed } },
    config,
    handler: (request) =>
      change.verify(ctxOf(request), app.deps.codeKey, { id: request.params.id, code: request.body.code }),
  });
}
