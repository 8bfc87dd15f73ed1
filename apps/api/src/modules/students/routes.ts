import { STUDENT_ATTACHMENTS, StudentRegistrationResponse } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { registerStudent } from './registration.ts';

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/students/register', {
    schema: {
      tags: ['students'],
      description:
        'multipart/form-data: the StudentRegistrationFields as text fields, `photo` (JPEG/PNG/WEBP, ≤ 2 MB) and optional `idCopy` (JPEG/PNG/PDF, ≤ 5 MB).',
      response: { 201: StudentRegistrationResponse },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const form = await readMultipartForm(request, STUDENT_ATTACHMENTS);
      const result = await registerStudent(ctxOf(request), app.deps.files, form);
      return reply.status(201).send(result);
    },
  });
};
