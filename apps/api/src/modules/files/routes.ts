import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { sendFile } from '../../lib/send-file.ts';
import { filesPolicy } from './policy.ts';
import { readFileFor } from './service.ts';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/:id', {
    schema: { tags: ['files'], params: z.strictObject({ id: z.uuid({ error: 'NOT_FOUND' }) }) },
    config: filesPolicy.route('session'),
    handler: async (request, reply) => {
      return sendFile(
        reply,
        await readFileFor(ctxOf(request), app.deps.files, request.params.id),
        'private, no-store',
      );
    },
  });
};
