import {
  HoldInput,
  IdSchema,
  ListCount,
  STUDENT_ATTACHMENTS,
  StudentBranchOptions,
  StudentCorporateOptions,
  StudentCorporateOptionsQuery,
  StudentCountQuery,
  StudentInput,
  StudentListQuery,
  StudentPage,
  StudentProfile,
  StudentRegistrationResponse,
  TransferInput,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { replyWith } from '../../lib/json-text.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { rowGuard } from '../../plugins/access.ts';
import { replaceAttachment } from './attachments.ts';
import { declareContactChangeRoutes } from './contact-change/routes.ts';
import { addOwnStudent, removeOwnStudent } from './corporate-students.ts';
import { holdStudent, transferStudent, unholdStudent } from './holds.ts';
import { studentsPolicy } from './policy.ts';
import { registerStudent } from './registration.ts';
import * as students from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const AttachmentParams = z.strictObject({ id: IdSchema, kind: z.enum(['photo', 'idCopy']) });
const Saved = z.object({ id: z.number(), message: z.string() });
/** A change of one student: edit_3, and the student in the caller's scope (404) before the form is read. */
const changeOf = <Params extends z.ZodType<{ id: number }>>(params: Params) => ({
  ...studentsPolicy.route('edit'),
  guard: rowGuard(params, (ctx, { id }) => students.findStudentInScope(ctx, id)),
});

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/students/register', {
    schema: {
      tags: ['students'],
      description:
        'multipart/form-data: the StudentRegistrationFields as text fields, `photo` (JPEG/PNG/WEBP, ≤ 2 MB) and optional `idCopy` (JPEG/PNG/PDF, ≤ 5 MB).',
      response: { 201: StudentRegistrationResponse },
    },
    config: studentsPolicy.route('register'),
    handler: async (request, reply) => {
      const form = await readMultipartForm(request, STUDENT_ATTACHMENTS);
      return reply.status(201).send(await registerStudent(ctxOf(request), form));
    },
  });

  app.get('/students', {
    schema: { tags: ['students'], querystring: StudentListQuery, response: { 200: StudentPage } },
    config: studentsPolicy.route('read'),
    handler: async (request, reply) =>
      replyWith(reply, await students.listStudents(ctxOf(request), request.query)),
  });

  app.get('/students/count', {
    schema: { tags: ['students'], querystring: StudentCountQuery, response: { 200: ListCount } },
    config: studentsPolicy.route('read'),
    handler: (request) => students.countStudents(ctxOf(request), request.query),
  });

  app.get('/students/placement/branches', {
    schema: { tags: ['students'], response: { 200: StudentBranchOptions } },
    config: studentsPolicy.route('read'),
    handler: (request) => students.listBranchOptions(ctxOf(request)),
  });

  app.get('/students/placement/corporates', {
    schema: {
      tags: ['students'],
      querystring: StudentCorporateOptionsQuery,
      response: { 200: StudentCorporateOptions },
    },
    config: studentsPolicy.route('read'),
    handler: (request) => students.listCorporateOptions(ctxOf(request), request.query.search),
  });

  app.get('/students/by-id-number/:idNumber', {
    schema: {
      tags: ['students'],
      params: z.strictObject({ idNumber: z.string().max(20) }),
      response: { 200: StudentProfile },
    },
    config: studentsPolicy.route('read'),
    handler: async (request, reply) =>
      replyWith(
        reply,
        await students.findStudentByIdNumber(ctxOf(request), request.params.idNumber.toUpperCase()),
      ),
  });

  app.post('/students', {
    schema: { tags: ['students'], body: StudentInput, response: { 201: Saved } },
    config: studentsPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await students.createStudent(ctxOf(request), request.body)),
  });

  app.get('/students/:id', {
    schema: { tags: ['students'], params: IdParams, response: { 200: StudentProfile } },
    config: studentsPolicy.route('read'),
    handler: async (request, reply) =>
      replyWith(reply, await students.getStudent(ctxOf(request), request.params.id)),
  });

  app.patch('/students/:id', {
    schema: { tags: ['students'], params: IdParams, body: StudentInput, response: { 200: Saved } },
    config: changeOf(IdParams),
    handler: (request) =>
      students.updateStudent(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.post('/students/:id/hold', {
    schema: { tags: ['students'], params: IdParams, body: HoldInput, response: { 200: Saved } },
    config: changeOf(IdParams),
    handler: (request) => holdStudent(ctxOf(request), { id: request.params.id, reason: request.body.reason }),
  });

  app.post('/students/:id/unhold', {
    schema: { tags: ['students'], params: IdParams, body: HoldInput, response: { 200: Saved } },
    config: changeOf(IdParams),
    handler: (request) =>
      unholdStudent(ctxOf(request), { id: request.params.id, reason: request.body.reason }),
  });

  app.post('/students/:id/transfer', {
    schema: { tags: ['students'], params: IdParams, body: TransferInput, response: { 200: Saved } },
    config: changeOf(IdParams),
    handler: (request) => transferStudent(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  declareContactChangeRoutes(app, {
    path: '/students',
    tag: 'students',
    route: studentsPolicy.route('edit'),
    change: students.studentContactChange,
  });

  // The corporate area (spec §2): a corporate's own students.
  const corporateOnly = studentsPolicy.route('corporate');

  app.get('/corporate/students', {
    schema: { tags: ['corporates'], querystring: StudentListQuery, response: { 200: StudentPage } },
    config: corporateOnly,
    handler: async (request, reply) =>
      replyWith(reply, await students.listStudents(ctxOf(request), request.query)),
  });

  app.get('/corporate/students/count', {
    schema: { tags: ['corporates'], querystring: StudentCountQuery, response: { 200: ListCount } },
    config: corporateOnly,
    handler: (request) => students.countStudents(ctxOf(request), request.query),
  });

  app.post('/corporate/students', {
    schema: { tags: ['corporates'], body: StudentInput, response: { 201: Saved } },
    config: corporateOnly,
    handler: async (request, reply) =>
      reply.status(201).send(await addOwnStudent(ctxOf(request), request.body)),
  });

  app.get('/corporate/students/:id', {
    schema: { tags: ['corporates'], params: IdParams, response: { 200: StudentProfile } },
    config: corporateOnly,
    handler: async (request, reply) =>
      replyWith(reply, await students.getStudent(ctxOf(request), request.params.id)),
  });

  app.delete('/corporate/students/:id', {
    schema: { tags: ['corporates'], params: IdParams, response: { 200: Saved } },
    config: corporateOnly,
    handler: (request) => removeOwnStudent(ctxOf(request), { id: request.params.id }),
  });

  app.put('/students/:id/attachments/:kind', {
    schema: {
      tags: ['students'],
      description: 'multipart/form-data with one file field `file`.',
      params: AttachmentParams,
      response: { 200: Saved },
    },
    config: changeOf(AttachmentParams),
    handler: async (request) => {
      const { kind } = request.params;
      const form = await readMultipartForm(request, { file: STUDENT_ATTACHMENTS[kind] });
      return replaceAttachment(kind)(ctxOf(request), { id: request.params.id, file: form.files.file });
    },
  });
};
