import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestMessages } from '../../lib/outbox/outbox.ts';

const OutboxEntry = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

/**
 * Development only (never registered in production): what the outbox holds, newest first,
 * so that a developer or a browser test can read the codes it would have sent.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', {
    schema: { tags: ['development'], response: { 200: z.array(OutboxEntry) } },
    config: { access: 'public' },
    handler: () => latestMessages(app.deps.db, 50),
  });
};
