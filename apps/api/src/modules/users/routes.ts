import {
  IdSchema,
  ListCount,
  NewStaffUserInput,
  StaffStatusInput,
  StaffUser,
  StaffUserCountQuery,
  StaffUserFormOptions,
  StaffUserInput,
  StaffUserListQuery,
  StaffUserPage,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { rowGuard } from '../../plugins/access.ts';
import { usersPolicy } from './policy.ts';
import * as staff from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });

/** Staff accounts (spec resource 1): user-management, add-user, edit-user, users/profile. */
export const staffUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', {
    schema: { tags: ['users'], querystring: StaffUserListQuery, response: { 200: StaffUserPage } },
    config: usersPolicy.route('read'),
    handler: (request) => staff.listStaffUsers(ctxOf(request), request.query),
  });

  app.get('/users/count', {
    schema: { tags: ['users'], querystring: StaffUserCountQuery, response: { 200: ListCount } },
    config: usersPolicy.route('read'),
    handler: (request) => staff.countStaffUsers(ctxOf(request), request.query),
  });

  app.get('/users/form-options', {
    schema: { tags: ['users'], response: { 200: StaffUserFormOptions } },
    config: usersPolicy.route('read'),
    handler: (request) => staff.getStaffFormOptions(ctxOf(request)),
  });

  app.post('/users', {
    schema: { tags: ['users'], body: NewStaffUserInput, response: { 201: Saved } },
    config: usersPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await staff.createStaffUser(ctxOf(request), request.body)),
  });

  app.get('/users/:id', {
    schema: { tags: ['users'], params: IdParams, response: { 200: StaffUser } },
    config: usersPolicy.route('read'),
    handler: (request) => staff.getStaffUser(ctxOf(request), request.params.id),
  });

  app.patch('/users/:id', {
    schema: { tags: ['users'], params: IdParams, body: StaffUserInput, response: { 200: Saved } },
    config: { ...usersPolicy.route('edit'), guard: rowGuard(IdParams, staff.assertMayChangeStaff) },
    handler: (request) =>
      staff.updateStaffUser(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.patch('/users/:id/status', {
    schema: { tags: ['users'], params: IdParams, body: StaffStatusInput, response: { 200: Saved } },
    config: { ...usersPolicy.route('edit'), guard: rowGuard(IdParams, staff.assertMayChangeStaff) },
    handler: (request) =>
      staff.setStaffStatus(ctxOf(request), { id: request.params.id, status: request.body.status }),
  });
};
