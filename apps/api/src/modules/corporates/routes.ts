import {
  CORPORATE_ATTACHMENT_KINDS,
  CORPORATE_ATTACHMENT_RULE,
  Corporate,
  CorporateCountQuery,
  CorporateInput,
  CorporateListQuery,
  CorporatePage,
  IdSchema,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { declareContactChangeRoutes } from '../students/index.ts';
import { replaceCorporateAttachment } from './attachments.ts';
import { corporateContactChange } from './contact-change.ts';
import { corporatesPolicy } from './policy.ts';
import * as corporates from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });

/** Corporates (spec resource 4): corporate, corporate/add-new, corporate/edit, corporate/view. */
export const corporateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/corporates', {
    schema: { tags: ['corporates'], querystring: CorporateListQuery, response: { 200: CorporatePage } },
    config: corporatesPolicy.route('read'),
    handler: (request) => corporates.listCorporates(ctxOf(request), request.query),
  });

  app.get('/corporates/count', {
    schema: { tags: ['corporates'], querystring: CorporateCountQuery, response: { 200: ListCount } },
    config: corporatesPolicy.route('read'),
    handler: (request) => corporates.countCorporates(ctxOf(request), request.query),
  });

  app.post('/corporates', {
    schema: { tags: ['corporates'], body: CorporateInput, response: { 201: Saved } },
    config: corporatesPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await corporates.createCorporate(ctxOf(request), request.body)),
  });

  app.get('/corporates/:id', {
    schema: { tags: ['corporates'], params: IdParams, response: { 200: Corporate } },
    config: corporatesPolicy.route('read'),
    handler: (request) => corporates.getCorporate(ctxOf(request), request.params.id),
  });

  app.patch('/corporates/:id', {
    schema: { tags: ['corporates'], params: IdParams, body: CorporateInput, response: { 200: Saved } },
    config: corporatesPolicy.route('edit'),
    handler: (request) =>
      corporates.updateCorporate(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  declareContactChangeRoutes(app, {
    path: '/corporates',
    tag: 'corporates',
    route: corporatesPolicy.route('edit'),
    change: corporateContactChange,
  });

  app.put('/corporates/:id/attachments/:kind', {
    schema: {
      tags: ['corporates'],
      description: 'multipart/form-data with one file field `file` (PDF, JPEG or PNG, ≤ 5 MB).',
      params: z.strictObject({ id: IdSchema, kind: z.enum(CORPORATE_ATTACHMENT_KINDS) }),
      response: { 200: Saved },
    },
    config: corporatesPolicy.route('edit'),
    handler: async (request) => {
      const form = await readMultipartForm(request, { file: CORPORATE_ATTACHMENT_RULE });
      return replaceCorporateAttachment(request.params.kind)(ctxOf(request), {
        id: request.params.id,
        file: form.files.file,
      });
    },
  });
};
