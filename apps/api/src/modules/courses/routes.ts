import {
  COURSE_IMAGE_RULE,
  Course,
  CourseCountQuery,
  CourseExamInput,
  CourseFeeOptionList,
  CourseInput,
  CourseListQuery,
  CoursePage,
  CourseSessionsInput,
  IdSchema,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm, requireFile } from '../../lib/multipart.ts';
import { sendFile } from '../../lib/send-file.ts';
import { rowGuard } from '../../plugins/access.ts';
import { readCourseImage, replaceCourseImage } from './image.ts';
import { coursesPolicy } from './policy.ts';
import * as courses from './service.ts';
import { saveCourseExam, saveCourseSessions } from './wizard.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });
/**
 * Changes to an existing course: the route lets in those holding edit_6 or create_6; its guard
 * then applies the policy's `edit` rule to the course, 403 otherwise, before the form is read.
 */
const change = {
  ...coursesPolicy.route('change'),
  guard: rowGuard(IdParams, courses.assertMayChangeCourse),
};

/** Courses (spec resource 6): course-management, add-new-course (+ sessions, exam), edit-course, view-course. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/courses', {
    schema: { tags: ['courses'], querystring: CourseListQuery, response: { 200: CoursePage } },
    config: coursesPolicy.route('read'),
    handler: (request) => courses.listCourses(ctxOf(request), request.query),
  });

  app.get('/courses/count', {
    schema: { tags: ['courses'], querystring: CourseCountQuery, response: { 200: ListCount } },
    config: coursesPolicy.route('read'),
    handler: (request) => courses.countCourses(ctxOf(request), request.query),
  });

  app.get('/courses/fee-options', {
    schema: { tags: ['courses'], response: { 200: CourseFeeOptionList } },
    config: coursesPolicy.route('read'),
    handler: (request) => courses.listCourseFeeOptions(ctxOf(request)),
  });

  app.post('/courses', {
    schema: { tags: ['courses'], body: CourseInput, response: { 201: Saved } },
    config: coursesPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await courses.createCourse(ctxOf(request), request.body)),
  });

  app.get('/courses/:id', {
    schema: { tags: ['courses'], params: IdParams, response: { 200: Course } },
    config: coursesPolicy.route('read'),
    handler: (request) => courses.getCourse(ctxOf(request), request.params.id),
  });

  app.patch('/courses/:id', {
    schema: { tags: ['courses'], params: IdParams, body: CourseInput, response: { 200: Saved } },
    config: change,
    handler: (request) =>
      courses.updateCourse(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.put('/courses/:id/sessions', {
    schema: { tags: ['courses'], params: IdParams, body: CourseSessionsInput, response: { 200: Saved } },
    config: change,
    handler: (request) => saveCourseSessions(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.put('/courses/:id/exam', {
    schema: { tags: ['courses'], params: IdParams, body: CourseExamInput, response: { 200: Saved } },
    config: change,
    handler: (request) => saveCourseExam(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.put('/courses/:id/image', {
    schema: {
      tags: ['courses'],
      description: 'multipart/form-data with one file field `image` (JPEG/PNG/WEBP, ≤ 2 MB).',
      params: IdParams,
      response: { 200: Saved },
    },
    config: change,
    handler: async (request) => {
      const form = await readMultipartForm(request, { image: COURSE_IMAGE_RULE });
      const file = requireFile(form.files.image, 'image');
      return replaceCourseImage(ctxOf(request), { id: request.params.id, file });
    },
  });

  /** Course images are not personal data: any logged-in user may see them. */
  app.get('/courses/:id/image', {
    schema: { tags: ['courses'], params: IdParams },
    config: coursesPolicy.route('image'),
    handler: async (request, reply) => {
      return sendFile(
        reply,
        await readCourseImage(ctxOf(request), app.deps.files, request.params.id),
        'private, no-cache',
      );
    },
  });
};
