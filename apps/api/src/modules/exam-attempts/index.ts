/**
 * The door of `exam-attempts`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { drawQuestions } from './draw.ts';
export { ATTEMPT_DEADLINE, attemptDeadlineJob } from './jobs.ts';
export { myExamRoutes } from './my-exams/routes.ts';
export { examAttemptRoutes } from './routes.ts';
export { lockAttempt, settlePractical, submitAttempt } from './scoring.ts';
