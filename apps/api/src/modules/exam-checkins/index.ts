/**
 * The door of `exam-checkins`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { checkinPhotoRetentionJob, checkinPhotoSweepJob } from './jobs.ts';
export { findCheckinPhoto } from './repo.ts';
export { sweepExpiredCheckinPhotos } from './retention.ts';
export { examCheckinRoutes } from './routes.ts';
