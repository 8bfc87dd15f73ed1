import { PublicBranchList } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPublicBranches } from './repo.ts';

export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The branches a person may choose when registering: names and codes only. */
  app.get('/branches/public', {
    schema: { tags: ['branches'], response: { 200: PublicBranchList } },
    config: { access: 'public' },
    handler: () => listPublicBranches(app.deps.db),
  });
};
