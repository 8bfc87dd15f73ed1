import {
  IdSchema,
  ListCount,
  NewPermissionGroupInput,
  PermissionGroup,
  PermissionGroupCountQuery,
  PermissionGroupFormOptions,
  PermissionGroupInput,
  PermissionGroupListQuery,
  PermissionGroupPage,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../lib/context.ts';
import { rowGuard } from '../../../plugins/access.ts';
import { usersPolicy } from '../policy.ts';
import * as groups from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });
/** Spec §2: user-group is for super admin or branch admin (a branch's admin: that branch's groups only). */
const editors = usersPolicy.route('groups');

export const permissionGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/permission-groups', {
    schema: {
      tags: ['users'],
      querystring: PermissionGroupListQuery,
      response: { 200: PermissionGroupPage },
    },
    config: editors,
    handler: (request) => groups.listGroups(ctxOf(request), request.query),
  });

  app.get('/permission-groups/count', {
    schema: {
      tags: ['users'],
      querystring: PermissionGroupCountQuery,
      response: { 200: ListCount },
    },
    config: editors,
    handler: (request) => groups.countGroups(ctxOf(request), request.query),
  });

  app.get('/permission-groups/form-options', {
    schema: { tags: ['users'], response: { 200: PermissionGroupFormOptions } },
    config: editors,
    handler: (request) => groups.getGroupFormOptions(ctxOf(request)),
  });

  app.post('/permission-groups', {
    schema: { tags: ['users'], body: NewPermissionGroupInput, response: { 201: Saved } },
    config: editors,
    handler: async (request, reply) =>
      reply.status(201).send(await groups.createGroup(ctxOf(request), request.body)),
  });

  app.get('/permission-groups/:id', {
    schema: { tags: ['users'], params: IdParams, response: { 200: PermissionGroup } },
    config: editors,
    handler: (request) => groups.getGroup(ctxOf(request), request.params.id),
  });

  app.patch('/permission-groups/:id', {
    schema: { tags: ['users'], params: IdParams, body: PermissionGroupInput, response: { 200: Saved } },
    config: { ...editors, guard: rowGuard(IdParams, groups.assertMayEditGroup) },
    handler: (request) => groups.updateGroup(ctxOf(request), { id: request.params.id, input: request.body }),
  });
};
