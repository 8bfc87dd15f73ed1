import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobName } from '../../lib/jobs/queue.ts';
import type { CertificateIssuer } from '../certificates/index.ts';
import { sweepDueAttempts } from './sweep.ts';

/** Due at an attempt's deadline (`endsAt`, moved again by a proctor's extra time). */
export const ATTEMPT_DEADLINE = jobName<{ attemptId: number }>('exam-attempt-deadline');

/**
 * Submits the attempts whose deadline has passed, set-based: the many attempts of one sitting
 * ending together are submitted in one run; an attempt submitted by its candidate, or given extra
 * time, is not due and is left alone.
 */
export const attemptDeadlineJob = (
  db: Db,
  issuer: CertificateIssuer,
): JobDefinition<{ attemptId: number }> => ({
  name: ATTEMPT_DEADLINE.name,
  batchSize: 100,
  async run() {
    await sweepDueAttempts(db, issuer);
  },
});
