import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './repo.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['operations'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
    },
    config: { access: 'public' },
    handler: async () => {
      await pingDatabase(app.deps.db);
      return { status: 'ok' as const, database: app.deps.engine };
    },
  });
};
