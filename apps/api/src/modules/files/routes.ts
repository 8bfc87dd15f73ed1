import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readFileFor } from './service.ts';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/:id', {
    schema: { tags: ['files'], params: z.strictObject({ id: z.uuid({ error: 'NOT_FOUND' }) }) },
    config: { access: 'session' },
    handler: async (request, reply) => {
      const file = await readFileFor(ctxOf(request), app.deps.files, request.params.id);
      return reply
        .type(file.mimeType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  });
};
