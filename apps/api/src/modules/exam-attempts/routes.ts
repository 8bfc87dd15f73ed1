import {
  AssignedSessionPage,
  AssignedSessionQuery,
  AttemptAnswerInput,
  AttemptAnswerSaved,
  AttemptClock,
  AttemptOutcome,
  AttemptReview,
  AttemptStartInput,
  AttemptView,
  AttendanceInput,
  AttendanceSaved,
  ExtraTimeInput,
  IdSchema,
  LiveSession,
  PracticalScoreInput,
  ProctorReasonInput,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { sendFile } from '../../lib/send-file.ts';
import { rowGuard } from '../../plugins/access.ts';
import { certificateIssuerOf } from '../certificates/index.ts';
import { examAttemptsPolicy } from './policy.ts';
import { assignedSessions } from './proctor/assigned.ts';
import { guardAttemptAction, guardSeatAction, guardSessionAction } from './proctor/guards.ts';
import { liveSession } from './proctor/live.ts';
import {
  admitCandidate,
  enterPracticalScore,
  giveExtraTime,
  markAttendance,
  restartAttempt,
  stopAttempt,
} from './proctor/service.ts';
import { saveAnswer, startAttempt, submitByCandidate } from './service.ts';
import { attemptMedia, getAttempt, getAttemptByBooking, reviewAttempt } from './view.ts';

const IdParams = z.strictObject({ id: IdSchema });
const AdmitParams = z.strictObject({ sessionId: IdSchema, bookingId: IdSchema });
const IDEMPOTENCY = 'Requires an `Idempotency-Key` header: a replay answers the first response.';
/** A proctor's action on an attempt or a seat: refused on its session before the form is read. */
const ON_ATTEMPT = { ...examAttemptsPolicy.route('proctor'), guard: rowGuard(IdParams, guardAttemptAction) };
const ON_SEAT = { ...examAttemptsPolicy.route('proctor'), guard: rowGuard(IdParams, guardSeatAction) };

/**
 * Sitting an exam (issue 12, the exam-attempt contract): the candidate's attempt, its answers
 * and submission; proctoring an exam session (the examiner it is given to, or staff with
 * read_8/edit_8 in their branch). The server owns the clock; its sweep submits what is past due.
 */
export const examAttemptRoutes: FastifyPluginAsyncZod = async (app) => {
  const issuer = certificateIssuerOf(app.deps);
  const submit = submitByCandidate(issuer);
  const stop = stopAttempt(issuer);
  const practical = enterPracticalScore(issuer);
  const extraTime = giveExtraTime(app.deps.config.extraTimeMaxMinutes);

  app.post('/exam-attempts', {
    schema: {
      tags: ['exams'],
      description: `The candidate starts the exam of its booking: 201 with a new attempt, 200 with the one it has. ${IDEMPOTENCY}`,
      body: AttemptStartInput,
      response: { 200: AttemptView, 201: AttemptView },
    },
    config: examAttemptsPolicy.route('candidate'),
    handler: async (request, reply) => {
      const { created, view } = await startAttempt(ctxOf(request), request.body, app.deps.config.checkin);
      return reply.status(created ? 201 : 200).send(view);
    },
  });

  app.get('/exam-attempts/by-booking/:bookingId', {
    schema: {
      tags: ['exams'],
      params: z.strictObject({ bookingId: IdSchema }),
      response: { 200: AttemptView },
    },
    config: examAttemptsPolicy.route('session'),
    handler: (request) => getAttemptByBooking(ctxOf(request), request.params.bookingId),
  });

  app.get('/exam-attempts/:id', {
    schema: { tags: ['exams'], params: IdParams, response: { 200: AttemptView } },
    config: examAttemptsPolicy.route('session'),
    handler: (request) => getAttempt(ctxOf(request), request.params.id),
  });

  app.put('/exam-attempts/:id/answers/:questionId', {
    schema: {
      tags: ['exams'],
      description:
        'Saves one answer; acknowledged once committed. After the deadline or submission 409 EXAM_FINISHED.',
      params: z.strictObject({ id: IdSchema, questionId: IdSchema }),
      body: AttemptAnswerInput,
      response: { 200: AttemptAnswerSaved },
    },
    config: examAttemptsPolicy.route('candidate'),
    handler: (request) =>
      saveAnswer(ctxOf(request), {
        attemptId: request.params.id,
        questionId: request.params.questionId,
        answerId: request.body.answerId,
      }),
  });

  app.post('/exam-attempts/:id/submit', {
    schema: {
      tags: ['exams'],
      description: `Submits the attempt; a second submit answers the same outcome. ${IDEMPOTENCY}`,
      params: IdParams,
      response: { 200: AttemptOutcome },
    },
    config: examAttemptsPolicy.route('candidate'),
    handler: (request) => submit(ctxOf(request), { id: request.params.id }),
  });

  app.get('/exam-attempts/:id/review', {
    schema: {
      tags: ['exams'],
      description:
        "After submission: the candidate's own per the exam's review setting, or staff proctoring the session. `correctAnswerId` only for those who may read the course's question banks (read_7, the assigned examiner) and the candidate under review 'answers'; null for everyone else.",
      params: IdParams,
      response: { 200: AttemptReview },
    },
    config: examAttemptsPolicy.route('session'),
    handler: (request) => reviewAttempt(ctxOf(request), request.params.id),
  });

  app.get('/exam-attempts/:id/media/:fileId', {
    schema: {
      tags: ['exams'],
      params: z.strictObject({ id: IdSchema, fileId: z.uuid({ error: 'NOT_FOUND' }) }),
    },
    config: examAttemptsPolicy.route('session'),
    handler: async (request, reply) =>
      sendFile(
        reply,
        await attemptMedia(ctxOf(request), app.deps.files, request.params.id, request.params.fileId),
        'private, no-store',
      ),
  });

  app.get('/exam-sessions/assigned', {
    schema: {
      tags: ['exams'],
      description:
        'The exam sessions assigned to the calling Examiner (only its own), a keyset page at a time: `upcoming` ' +
        '(today in Riyadh and later, soonest first) or `past` (latest first), each with the course’s active exam id.',
      querystring: AssignedSessionQuery,
      response: { 200: AssignedSessionPage },
    },
    config: examAttemptsPolicy.route('assigned'),
    handler: (request) => assignedSessions(ctxOf(request), request.query),
  });

  app.get('/exam-sessions/:sessionId/live', {
    schema: {
      tags: ['exams'],
      params: z.strictObject({ sessionId: IdSchema }),
      response: { 200: LiveSession },
    },
    config: examAttemptsPolicy.route('proctor'),
    handler: (request) => liveSession(ctxOf(request), app.deps.config, request.params.sessionId),
  });

  app.post('/exam-sessions/:sessionId/bookings/:bookingId/admit', {
    schema: {
      tags: ['exams'],
      description: `Admits a candidate whatever its check-in lacks, with a reason. ${IDEMPOTENCY}`,
      params: AdmitParams,
      body: ProctorReasonInput,
      response: { 200: z.object({ bookingId: z.number(), admitted: z.literal(true) }) },
    },
    config: { ...examAttemptsPolicy.route('proctor'), guard: rowGuard(AdmitParams, guardSessionAction) },
    handler: (request) => admitCandidate(ctxOf(request), { ...request.params, reason: request.body.reason }),
  });

  app.post('/exam-attempts/:id/extra-time', {
    schema: {
      tags: ['exams'],
      description:
        `Moves an attempt's deadline 1–120 minutes later, with a reason, within the extra time it may still be given ` +
        `(EXAM_EXTRA_TIME_MAX_MINUTES in all, never past its session's end plus that; more: 409 EXTRA_TIME_LIMIT). ${IDEMPOTENCY}`,
      params: IdParams,
      body: ExtraTimeInput,
      response: { 200: AttemptClock },
    },
    config: ON_ATTEMPT,
    handler: (request) => extraTime(ctxOf(request), { id: request.params.id, ...request.body }),
  });

  app.post('/exam-attempts/:id/stop', {
    schema: {
      tags: ['exams'],
      description: `Submits an attempt in progress now, by the proctor, with a reason. ${IDEMPOTENCY}`,
      params: IdParams,
      body: ProctorReasonInput,
      response: { 200: AttemptOutcome },
    },
    config: ON_ATTEMPT,
    handler: (request) => stop(ctxOf(request), { id: request.params.id, ...request.body }),
  });

  app.post('/exam-attempts/:id/restart', {
    schema: {
      tags: ['exams'],
      description: `A new draw, answers cleared and a new clock for an attempt in progress, with a reason. ${IDEMPOTENCY}`,
      params: IdParams,
      body: ProctorReasonInput,
      response: { 200: z.object({ id: z.number(), endsAt: z.string() }) },
    },
    config: ON_ATTEMPT,
    handler: (request) => restartAttempt(ctxOf(request), { id: request.params.id, ...request.body }),
  });

  app.put('/bookings/:id/attendance', {
    schema: {
      tags: ['exams'],
      description: `Marks an exam seat Attended or Absent, from the session's start. ${IDEMPOTENCY}`,
      params: IdParams,
      body: AttendanceInput,
      response: { 200: AttendanceSaved },
    },
    config: ON_SEAT,
    handler: (request) => markAttendance(ctxOf(request), { id: request.params.id, ...request.body }),
  });

  app.put('/exam-attempts/:id/practical-score', {
    schema: {
      tags: ['exams'],
      description: `The practical part's score of a submitted attempt; then the result. Missing: 400 SCORE_REQUIRED. ${IDEMPOTENCY}`,
      params: IdParams,
      body: PracticalScoreInput,
      response: { 200: AttemptOutcome },
    },
    config: ON_ATTEMPT,
    handler: (request) => practical(ctxOf(request), { id: request.params.id, ...request.body }),
  });
};
