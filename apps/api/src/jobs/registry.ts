import type { FastifyInstance } from 'fastify';
import { pruneIdempotencyKeys } from '../lib/command.ts';
import type { AnyJobDefinition } from '../lib/jobs/queue.ts';
import { sendMessageJob } from '../lib/outbox/outbox.ts';
import { developmentSender, httpSmsSender, smtpEmailSender } from '../lib/outbox/senders.ts';
import { pruneCounters } from '../lib/rate-limit.ts';
import { questionMediaSweepJob } from '../modules/assessments/index.ts';
import { holdExpiryJob } from '../modules/bookings/index.ts';
import { certificateIssuerOf } from '../modules/certificates/index.ts';
import { attemptDeadlineJob } from '../modules/exam-attempts/index.ts';
import { checkinPhotoRetentionJob, checkinPhotoSweepJob } from '../modules/exam-checkins/index.ts';
import { gatewayFor } from '../modules/money/index.ts';
import { refundPayoutJob } from '../modules/refunds/index.ts';

/**
 * Every kind of background work, in one list: what is queued by a change (a message to send, a
 * hold, an exam deadline or a sitting's photo retention falling due, a card refund to send) and what runs on a schedule.
 * The job runner (lib/jobs/queue.ts) creates a queue and a worker for each.
 */
export function jobDefinitions(app: FastifyInstance): AnyJobDefinition[] {
  const { config, db, files, jobs } = app.deps;
  // In development a code also shows on the console, next to the outbox only this machine can read.
  const print = config.env === 'development' ? (line: string) => console.log(line) : undefined;
  return [
    sendMessageJob({
      db,
      log: app.log,
      redactSent: config.env === 'production',
      senders: {
        sms: config.sms ? httpSmsSender(config.sms) : developmentSender('sms', print),
        email: config.smtp
          ? smtpEmailSender(config.smtp.url, config.smtp.from)
          : developmentSender('email', print),
      },
    }),
    refundPayoutJob({ db, jobs, gateway: gatewayFor(config), log: app.log }),
    holdExpiryJob(db),
    attemptDeadlineJob(db, certificateIssuerOf(app.deps)),
    questionMediaSweepJob(db, files, app.log),
    checkinPhotoRetentionJob({ db, files, jobs, retentionDays: config.checkin.photoRetentionDays }),
    checkinPhotoSweepJob(db, files, config.checkin.photoRetentionDays),
    { name: 'prune-rate-limit-counters', schedule: '15 * * * *', run: () => pruneCounters(db) },
    { name: 'prune-idempotency-keys', schedule: '45 * * * *', run: () => pruneIdempotencyKeys(db) },
  ];
}
