import {
  Branch,
  BranchCountQuery,
  BranchInput,
  BranchListQuery,
  BranchPage,
  IdSchema,
  ListCount,
  PublicBranchList,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { branchesPolicy } from './policy.ts';
import { listPublicBranches } from './repo.ts';
import * as branches from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });

export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The branches a person may choose when registering: names and codes only. */
  app.get('/branches/public', {
    schema: { tags: ['branches'], response: { 200: PublicBranchList } },
    config: branchesPolicy.route('public'),
    handler: () => listPublicBranches(app.deps.db),
  });

  app.get('/branches', {
    schema: { tags: ['branches'], querystring: BranchListQuery, response: { 200: BranchPage } },
    config: branchesPolicy.route('read'),
    handler: (request) => branches.listBranches(ctxOf(request), request.query),
  });

  app.get('/branches/count', {
    schema: { tags: ['branches'], querystring: BranchCountQuery, response: { 200: ListCount } },
    config: branchesPolicy.route('read'),
    handler: (request) => branches.countBranches(ctxOf(request), request.query),
  });

  app.post('/branches', {
    schema: { tags: ['branches'], body: BranchInput, response: { 201: Saved } },
    config: branchesPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await branches.createBranch(ctxOf(request), request.body)),
  });

  app.get('/branches/:id', {
    schema: { tags: ['branches'], params: IdParams, response: { 200: Branch } },
    config: branchesPolicy.route('read'),
    handler: (request) => branches.getBranch(ctxOf(request), request.params.id),
  });

  app.patch('/branches/:id', {
    schema: { tags: ['branches'], params: IdParams, body: BranchInput, response: { 200: Saved } },
    config: branchesPolicy.route('edit'),
    handler: (request) =>
      branches.updateBranch(ctxOf(request), { id: request.params.id, input: request.body }),
  });
};
