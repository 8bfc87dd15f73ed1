import {
  BANK_IMPORT_RULE,
  Bank,
  BankImported,
  BankImportQuery,
  Exam,
  ExamCountQuery,
  ExamInput,
  ExamLanguageParams,
  ExamListQuery,
  ExamPage,
  IdSchema,
  ListCount,
  MediaSaved,
  QUESTION_MEDIA_RULE,
  QuestionInput,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm, requireFile } from '../../lib/multipart.ts';
import { sendFile } from '../../lib/send-file.ts';
import { assessmentsPolicy } from './policy.ts';
import * as service from './service.ts';
import { exportBank, importBank, XLSX_TYPE } from './sheet.ts';

const IdParams = z.strictObject({ id: IdSchema });
const MediaParams = z.strictObject({ id: IdSchema, fileId: z.uuid() });
const Saved = z.object({ id: z.number(), message: z.string() });
const QuestionSaved = z.object({ id: z.number(), itemKey: z.string(), message: z.string() });
/** The question banks (add-exam/{id}): staff by read_7 / edit_7, or an examiner assigned to an exam session of the course. */
const READ_BANKS = assessmentsPolicy.route('readBanks');
const EDIT_BANKS = assessmentsPolicy.route('editBanks');

/** Assessments (spec resource 7): assessment-management, add-, view- and edit-assessment, and the question banks. */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/exams', {
    schema: { tags: ['assessments'], querystring: ExamListQuery, response: { 200: ExamPage } },
    config: assessmentsPolicy.route('read'),
    handler: (request) => service.listExams(ctxOf(request), request.query),
  });

  app.get('/exams/count', {
    schema: { tags: ['assessments'], querystring: ExamCountQuery, response: { 200: ListCount } },
    config: assessmentsPolicy.route('read'),
    handler: (request) => service.countExams(ctxOf(request), request.query),
  });

  app.post('/exams', {
    schema: {
      tags: ['assessments'],
      description:
        'Idempotency-Key required. An active exam needs questions in its course: every bank holding any holds at least `questionCount`. One active exam per course (409).',
      body: ExamInput,
      response: { 201: Saved },
    },
    config: assessmentsPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createExam(ctxOf(request), request.body)),
  });

  app.get('/exams/:id', {
    schema: { tags: ['assessments'], params: IdParams, response: { 200: Exam } },
    config: assessmentsPolicy.route('view'),
    handler: (request) => service.getExam(ctxOf(request), request.params.id),
  });

  app.put('/exams/:id', {
    schema: {
      tags: ['assessments'],
      description: 'Idempotency-Key required. Every setting of the exam, checked as on create.',
      params: IdParams,
      body: ExamInput,
      response: { 200: Saved },
    },
    config: assessmentsPolicy.route('edit'),
    handler: (request) => service.updateExam(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.get('/exams/:id/banks/:language', {
    schema: {
      tags: ['assessments'],
      description:
        "The bank of the exam's course in an exam language, with the correct answers (staff only).",
      params: ExamLanguageParams,
      response: { 200: Bank },
    },
    config: READ_BANKS,
    handler: (request) => service.getBank(ctxOf(request), request.params.id, request.params.language),
  });

  app.post('/exams/:id/banks/:language/questions', {
    schema: {
      tags: ['assessments'],
      description:
        'Idempotency-Key required. Adds a question; `linkTo` links it to the same question in another language.',
      params: ExamLanguageParams,
      body: QuestionInput,
      response: { 201: QuestionSaved },
    },
    config: EDIT_BANKS,
    handler: async (request, reply) =>
      reply.status(201).send(
        await service.addQuestion(ctxOf(request), {
          examId: request.params.id,
          language: request.params.language,
          input: request.body,
        }),
      ),
  });

  app.put('/questions/:id', {
    schema: {
      tags: ['assessments'],
      description:
        'Idempotency-Key required. 409 QUESTION_IN_USE once an attempt drew it: retire it instead.',
      params: IdParams,
      body: QuestionInput,
      response: { 200: Saved },
    },
    config: EDIT_BANKS,
    handler: (request) =>
      service.updateQuestion(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.post('/questions/:id/retire', {
    schema: {
      tags: ['assessments'],
      description: 'Idempotency-Key required.',
      params: IdParams,
      response: { 200: Saved },
    },
    config: EDIT_BANKS,
    handler: (request) => service.retireQuestion(ctxOf(request), { id: request.params.id }),
  });

  app.post('/exams/:id/media', {
    schema: {
      tags: ['assessments'],
      description:
        'Idempotency-Key required. multipart/form-data with one file `file`: an image (JPEG/PNG/WEBP) or a recording (WebM/Ogg/MP3/M4A), ≤ 5 MB. Answers the file id a question or answer then names.',
      params: IdParams,
      response: { 201: MediaSaved },
    },
    config: EDIT_BANKS,
    handler: async (request, reply) => {
      const form = await readMultipartForm(request, { file: QUESTION_MEDIA_RULE });
      const file = requireFile(form.files.file, 'file');
      return reply
        .status(201)
        .send(await service.saveMedia(ctxOf(request), { examId: request.params.id, file }));
    },
  });

  app.get('/exams/:id/media/:fileId', {
    schema: { tags: ['assessments'], params: MediaParams },
    config: READ_BANKS,
    handler: async (request, reply) =>
      sendFile(
        reply,
        await service.readMedia(ctxOf(request), request.params.id, request.params.fileId),
        'private, max-age=3600',
      ),
  });

  app.get('/exams/:id/banks/:language/export', {
    schema: { tags: ['assessments'], description: 'The bank as an XLSX file.', params: ExamLanguageParams },
    config: READ_BANKS,
    handler: async (request, reply) => {
      const { bytes, fileName } = await exportBank(
        ctxOf(request),
        request.params.id,
        request.params.language,
      );
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  });

  app.post('/exams/:id/banks/:language/import', {
    schema: {
      tags: ['assessments'],
      description:
        'Idempotency-Key required. multipart/form-data with one file `file` (.xlsx, ≤ 5 MB, ≤ 2,000 rows), `?mode=append|replace`. Any bad row: 400 IMPORT_ROWS_INVALID with `data.rows` [{ row, column, code, message }] and nothing changed.',
      params: ExamLanguageParams,
      querystring: BankImportQuery,
      response: { 200: BankImported },
    },
    config: EDIT_BANKS,
    handler: async (request) => {
      const form = await readMultipartForm(request, { file: BANK_IMPORT_RULE });
      const file = requireFile(form.files.file, 'file');
      return importBank(ctxOf(request), {
        examId: request.params.id,
        language: request.params.language,
        mode: request.query.mode,
        file,
      });
    },
  });
};
