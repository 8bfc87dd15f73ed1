import type { JobState } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';

const RETRYABLE: readonly JobState[] = ['failed', 'cancelled'];
const CANCELLABLE: readonly JobState[] = ['created', 'retry'];

/** The jobs screen is the super admin's alone: it shows and steers every area's background work. */
const isOperator = (actor: Actor) => actor.type === 'super admin';

/**
 * Who may do what with background jobs: the super admin alone (the routes' rule); a failed or
 * cancelled job runs again, a job still waiting (to start or to be retried) is cancelled.
 */
export const jobsPolicy = definePolicy({
  area: 'jobs',
  routes: {
    operate: { types: ['super admin'] },
  },
  rules: {
    retry: {
      allows: (actor, job: { state: JobState }) => isOperator(actor) && RETRYABLE.includes(job.state),
      refusal: () => new AppError('JOB_NOT_RETRYABLE', { status: 409 }),
    },
    cancel: {
      allows: (actor, job: { state: JobState }) => isOperator(actor) && CANCELLABLE.includes(job.state),
      refusal: () => new AppError('JOB_NOT_CANCELLABLE', { status: 409 }),
    },
  },
});
