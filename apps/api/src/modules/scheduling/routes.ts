import {
  CancelSessionInput,
  ExamSessionInput,
  IdSchema,
  NewTrainingSessionInput,
  SessionDetail,
  SessionFormOptions,
  SessionList,
  SessionListQuery,
  SessionsSaved,
  TrainingSessionInput,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { rowGuard } from '../../plugins/access.ts';
import * as edits from './edits.ts';
import { schedulingPolicy } from './policy.ts';
import * as scheduling from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Cancelled = z.object({ id: z.number(), ids: z.array(z.number()), message: z.string() });
const TIMES =
  ' Dates and times are the centre’s local time (Asia/Riyadh, UTC+03:00): `date` is `YYYY-MM-DD`, ' +
  '`startTime` and `endTime` are `HH:MM`; they are stored and returned as ISO instants.';

/** Scheduling (spec resource 8): every area's calendar, and the admin's sessions. */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sessions', {
    schema: {
      tags: ['scheduling'],
      description:
        'The sessions of a period of Riyadh days (`from` and `to` included, at most 62 days) that the caller may see: ' +
        'staff with read_8 (branch staff: their branch), an instructor or examiner their own, a student or corporate the ' +
        'scheduled sessions still to start.',
      querystring: SessionListQuery,
      response: { 200: SessionList },
    },
    config: schedulingPolicy.route('calendar'),
    handler: (request) => scheduling.listSessions(ctxOf(request), request.query),
  });

  app.get('/sessions/form-options', {
    schema: {
      tags: ['scheduling'],
      description:
        'What the scheduling forms and filters choose from: the branches in the caller’s scope with their rooms, ' +
        'the courses (with their language and whether they have an exam), the active instructors and examiners.',
      response: { 200: SessionFormOptions },
    },
    config: schedulingPolicy.route('read'),
    handler: (request) => scheduling.sessionFormOptions(ctxOf(request)),
  });

  app.get('/sessions/:id', {
    schema: { tags: ['scheduling'], params: IdParams, response: { 200: SessionDetail } },
    config: schedulingPolicy.route('calendar'),
    handler: (request) => scheduling.getSession(ctxOf(request), request.params.id),
  });

  app.post('/sessions/training', {
    schema: {
      tags: ['scheduling'],
      description:
        'Adds a training session; with `repeatWeeklyUntil`, one every week on the same weekday until that date ' +
        '(at most 52), sharing a `seriesId`. A first start at or before now (the server’s clock) is a 400 ' +
        'SESSION_START_IN_PAST on `date` (a past day) or `startTime` (earlier today). In Person takes its seats from the room, Remote from `capacity`. ' +
        'A room or instructor already booked at overlapping times is a 409 naming the clash.' +
        TIMES,
      body: NewTrainingSessionInput,
      response: { 201: SessionsSaved },
    },
    config: schedulingPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await scheduling.createTrainingSession(ctxOf(request), request.body)),
  });

  app.post('/sessions/exam', {
    schema: {
      tags: ['scheduling'],
      description:
        'Adds an exam session (Assessment, ReAssessment or ReTake) of a course that has an exam, in a room of the ' +
        'branch, with an examiner. A clash of the room or examiner is a 409 naming it; a start at or before now a ' +
        '400 SESSION_START_IN_PAST.' +
        TIMES,
      body: ExamSessionInput,
      response: { 201: SessionsSaved },
    },
    config: schedulingPolicy.route('create'),
    handler: async (request, reply) =>
      reply.status(201).send(await scheduling.createExamSession(ctxOf(request), request.body)),
  });

  app.patch('/sessions/training/:id', {
    schema: {
      tags: ['scheduling'],
      description:
        'Changes a training session that has not started (one under way or over is a 409 SESSION_STARTED). ' +
        '`scope`: `one` (the default) changes this session only; `following` changes it and the later scheduled ' +
        'sessions of its weekly series: each takes the course, branch, room or seats, language, instructor and ' +
        'times of day, on its own date moved by as many days as this session’s date moves. All or none: a clash ' +
        'of any of them is a 409 naming that clash (`data.clashSessionId`), a room too small for one’s booked seats ' +
        'a 409 CAPACITY_BELOW_BOOKED (`data.sessionId`), and nothing is written. A start at or before now is a ' +
        '400 SESSION_START_IN_PAST on `date` or `startTime`.' +
        TIMES,
      params: IdParams,
      body: TrainingSessionInput,
      response: { 200: SessionsSaved },
    },
    config: {
      ...schedulingPolicy.route('edit'),
      guard: rowGuard(IdParams, scheduling.sessionGuard('training')),
    },
    handler: (request) =>
      edits.updateTrainingSession(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.patch('/sessions/exam/:id', {
    schema: {
      tags: ['scheduling'],
      description:
        'Changes an exam session that has not started (otherwise 409 SESSION_STARTED); a start at or before now ' +
        'is a 400 SESSION_START_IN_PAST on `date` or `startTime`, a clash a 409 naming it.' +
        TIMES,
      params: IdParams,
      body: ExamSessionInput,
      response: { 200: SessionsSaved },
    },
    config: { ...schedulingPolicy.route('edit'), guard: rowGuard(IdParams, scheduling.sessionGuard('exam')) },
    handler: (request) =>
      edits.updateExamSession(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.post('/sessions/:id/cancel', {
    schema: {
      tags: ['scheduling'],
      description:
        'Cancels a session with no booking holding a seat; a session with bookings is refused (409 SESSION_HAS_BOOKINGS). ' +
        'An optional body `{ scope }`: `one` (the default) or `following`, which also cancels the later scheduled ' +
        'sessions of its weekly series, all or none (a later one with bookings: 409 SESSION_SERIES_HAS_BOOKINGS ' +
        'naming its date, `data.sessionId`). `ids` lists the sessions cancelled.',
      params: IdParams,
      body: CancelSessionInput.optional(),
      response: { 200: Cancelled },
    },
    config: { ...schedulingPolicy.route('delete'), guard: rowGuard(IdParams, scheduling.sessionGuard()) },
    handler: (request) =>
      scheduling.cancelSession(ctxOf(request), {
        id: request.params.id,
        scope: request.body?.scope ?? 'one',
      }),
  });
};
