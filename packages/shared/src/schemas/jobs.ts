import { z } from 'zod';
import { Abilities } from './abilities.ts';
import { listPage } from './lists.ts';

/** A job's states in the runner (pg-boss): waiting, waiting again after a failure, running, and the ends. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Every queue of the API's job registry (apps/api/src/jobs/registry.ts, which a test holds to this
 * list): the jobs screen names each in the reader's language.
 */
export const JOB_QUEUES = [
  'outbox-send',
  'refund-payout',
  'booking-hold-expiry',
  'exam-attempt-deadline',
  'question-media-sweep',
  'checkin-photo-retention',
  'checkin-photo-retention-sweep',
  'prune-rate-limit-counters',
  'prune-idempotency-keys',
] as const;

/** A queue's name: lower-case words joined by hyphens. */
export const JobQueueName = z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, { error: 'INVALID_VALUE' });

/** One queue on the jobs screen: how many of its jobs are in each state, and when one last finished. */
export const JobQueueSummary = z.object({
  name: z.string(),
  /** A cron schedule (UTC) for periodic work; null for work queued by a change. */
  schedule: z.string().nullable(),
  counts: z.record(z.enum(JOB_STATES), z.number().int()),
  lastCompletedAt: z.string().nullable(),
});
export type JobQueueSummary = z.infer<typeof JobQueueSummary>;
export const JobQueues = z.object({ items: z.array(JobQueueSummary) });
export type JobQueues = z.infer<typeof JobQueues>;

/** `GET /api/jobs`: the jobs of a state (failed by default), of one queue or all, newest first. */
export const JobListQuery = z.strictObject({
  queue: JobQueueName.optional(),
  state: z.enum(JOB_STATES).default('failed'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type JobListQuery = z.infer<typeof JobListQuery>;
export const JobCountQuery = JobListQuery.omit({ cursor: true, limit: true });
export type JobCountQuery = z.infer<typeof JobCountQuery>;

export const JobSummary = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  /** Tries after the first so far, and how many it may have. */
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: z.string(),
  startAfter: z.string(),
  completedAt: z.string().nullable(),
  /** The last failure's message (failed or retried jobs). */
  error: z.string().nullable(),
  abilities: Abilities('retry', 'cancel'),
});
export type JobSummary = z.infer<typeof JobSummary>;
export const JobPage = listPage(JobSummary);
export type JobPage = z.infer<typeof JobPage>;

/** The job a retry or cancel names. */
export const JobParams = z.strictObject({ queue: JobQueueName, id: z.uuid({ error: 'INVALID_VALUE' }) });
export type JobParams = z.infer<typeof JobParams>;

/** A retry's or a cancel's answer: the job and the message to show. */
export const JobChanged = z.object({ id: z.string(), message: z.string() });
export type JobChanged = z.infer<typeof JobChanged>;
