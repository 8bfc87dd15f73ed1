import {
  CENTER_ATTACHMENTS,
  Center,
  CenterCountQuery,
  CenterCreateInput,
  CenterInput,
  CenterListQuery,
  CenterPage,
  CenterRegistrationResponse,
  CenterRejectInput,
  IdSchema,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { centersPolicy } from './policy.ts';
import { registerCenter } from './registration.ts';
import * as centers from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });
/** Training and medical centres are managed by the super admin alone (spec §2, §6). */
const superAdminOnly = centersPolicy.route('manage');
const centerOnly = centersPolicy.route('own');

export const centerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/centers/register', {
    schema: {
      tags: ['centers'],
      description:
        'multipart/form-data: the CenterRegistrationFields as text fields, optional `crCopy` and `licenceCopy` (PDF/JPEG/PNG, ≤ 5 MB each).',
      response: { 201: CenterRegistrationResponse },
    },
    config: centersPolicy.route('register'),
    handler: async (request, reply) => {
      const form = await readMultipartForm(request, CENTER_ATTACHMENTS);
      return reply.status(201).send(await registerCenter(ctxOf(request), form));
    },
  });

  app.get('/centers', {
    schema: { tags: ['centers'], querystring: CenterListQuery, response: { 200: CenterPage } },
    config: superAdminOnly,
    handler: (request) => centers.listCenters(ctxOf(request), request.query),
  });

  app.get('/centers/count', {
    schema: { tags: ['centers'], querystring: CenterCountQuery, response: { 200: ListCount } },
    config: superAdminOnly,
    handler: (request) => centers.countCenters(ctxOf(request), request.query),
  });

  app.post('/centers', {
    schema: { tags: ['centers'], body: CenterCreateInput, response: { 201: Saved } },
    config: superAdminOnly,
    handler: async (request, reply) =>
      reply.status(201).send(await centers.createCenter(ctxOf(request), request.body)),
  });

  app.get('/centers/:id', {
    schema: { tags: ['centers'], params: IdParams, response: { 200: Center } },
    config: superAdminOnly,
    handler: (request) => centers.getCenter(ctxOf(request), request.params.id),
  });

  app.patch('/centers/:id', {
    schema: { tags: ['centers'], params: IdParams, body: CenterInput, response: { 200: Saved } },
    config: superAdminOnly,
    handler: (request) =>
      centers.updateCenter(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.post('/centers/:id/approve', {
    schema: {
      tags: ['centers'],
      params: IdParams,
      body: z.strictObject({}).optional(),
      response: { 200: Saved },
    },
    config: superAdminOnly,
    handler: (request) => centers.approveCenter(ctxOf(request), { id: request.params.id, reason: null }),
  });

  app.post('/centers/:id/reject', {
    schema: { tags: ['centers'], params: IdParams, body: CenterRejectInput, response: { 200: Saved } },
    config: superAdminOnly,
    handler: (request) =>
      centers.rejectCenter(ctxOf(request), { id: request.params.id, reason: request.body.reason }),
  });

  // The centre area (/center/dashboard): the centre's own record.
  app.get('/center/profile', {
    schema: { tags: ['centers'], response: { 200: Center } },
    config: centerOnly,
    handler: (request) => centers.getOwnCenter(ctxOf(request)),
  });
};
