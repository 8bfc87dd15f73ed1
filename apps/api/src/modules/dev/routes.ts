import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hideFromOtherCallers } from '../../lib/local-caller.ts';
import { latestMessages } from '../../lib/outbox/outbox.ts';
import { devPolicy } from './policy.ts';

const OutboxEntry = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

/**
 * Development only (registered in development and test mode, never in production): what the
 * outbox holds, newest first, so that a developer or a browser test on this machine can read
 * the codes it would have sent. Any other caller is told the route does not exist.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.env === 'production') return;
  app.addHook('onRequest', hideFromOtherCallers);
  app.get('/dev/outbox', {
    schema: { tags: ['development'], response: { 200: z.array(OutboxEntry) } },
    config: devPolicy.route('public'),
    handler: () => latestMessages(app.deps.db, 50),
  });
};
