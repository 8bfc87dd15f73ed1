import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['operations'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
    },
    config: { access: 'public' },
    handler: async () => {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.deps.engine };
    },
  });
};
