import { ClassroomInput, ClassroomList, IdSchema, MessageResponse } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../lib/context.ts';
import { rowGuard } from '../../../plugins/access.ts';
import { branchesPolicy } from '../policy.ts';
import { getBranch } from '../service.ts';
import * as classrooms from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });

export const classroomRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/branches/:id/classrooms', {
    schema: { tags: ['branches'], params: IdParams, response: { 200: ClassroomList } },
    config: branchesPolicy.route('read'),
    handler: (request) => classrooms.listClassrooms(ctxOf(request), request.params.id),
  });

  app.post('/branches/:id/classrooms', {
    schema: { tags: ['branches'], params: IdParams, body: ClassroomInput, response: { 201: Saved } },
    config: {
      ...branchesPolicy.route('addClassroom'),
      guard: rowGuard(IdParams, (ctx, { id }) => getBranch(ctx, id)),
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await classrooms.addClassroom(ctxOf(request), { branchId: request.params.id, ...request.body }),
        ),
  });

  app.patch('/classrooms/:id', {
    schema: { tags: ['branches'], params: IdParams, body: ClassroomInput, response: { 200: Saved } },
    config: {
      ...branchesPolicy.route('editClassroom'),
      guard: rowGuard(IdParams, classrooms.findClassroomInScope),
    },
    handler: (request) =>
      classrooms.updateClassroom(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.delete('/classrooms/:id', {
    schema: { tags: ['branches'], params: IdParams, response: { 200: MessageResponse } },
    config: branchesPolicy.route('deleteClassroom'),
    handler: (request) => classrooms.deleteClassroom(ctxOf(request), { id: request.params.id }),
  });
};
