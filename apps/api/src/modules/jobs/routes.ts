import {
  JobChanged,
  JobCountQuery,
  JobListQuery,
  JobPage,
  JobParams,
  JobQueues,
  ListCount,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { jobsPolicy } from './policy.ts';
import * as jobs from './service.ts';

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jobs/queues', {
    schema: {
      tags: ['jobs'],
      description: 'Super admin: every queue of the job runner, its jobs counted by state, its schedule.',
      response: { 200: JobQueues },
    },
    config: jobsPolicy.route('operate'),
    handler: (request) => jobs.listQueues(ctxOf(request)),
  });

  app.get('/jobs', {
    schema: {
      tags: ['jobs'],
      description:
        'Super admin: the jobs of a state (`failed` by default, with their error), of one queue or all, newest first.',
      querystring: JobListQuery,
      response: { 200: JobPage },
    },
    config: jobsPolicy.route('operate'),
    handler: (request) => jobs.listJobs(ctxOf(request), request.query),
  });

  app.get('/jobs/count', {
    schema: {
      tags: ['jobs'],
      description: 'Super admin: how many jobs the list would show (capped).',
      querystring: JobCountQuery,
      response: { 200: ListCount },
    },
    config: jobsPolicy.route('operate'),
    handler: (request) => jobs.countJobs(ctxOf(request), request.query),
  });

  app.post('/jobs/:queue/:id/retry', {
    schema: {
      tags: ['jobs'],
      description:
        'Super admin: a failed or cancelled job runs again (else 409 `JOB_NOT_RETRYABLE`); audited.',
      params: JobParams,
      response: { 200: JobChanged },
    },
    config: jobsPolicy.route('operate'),
    handler: (request) => jobs.retryJob(ctxOf(request), request.params),
  });

  app.post('/jobs/:queue/:id/cancel', {
    schema: {
      tags: ['jobs'],
      description: 'Super admin: a job still waiting will not run (else 409 `JOB_NOT_CANCELLABLE`); audited.',
      params: JobParams,
      response: { 200: JobChanged },
    },
    config: jobsPolicy.route('operate'),
    handler: (request) => jobs.cancelJob(ctxOf(request), request.params),
  });
};
