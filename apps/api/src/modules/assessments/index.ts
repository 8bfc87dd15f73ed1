/**
 * The door of `assessments`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { questionMediaSweepJob } from './jobs.ts';
export { bankAccessOf } from './policy.ts';
export { assessmentRoutes } from './routes.ts';
export { XLSX_TYPE } from './sheet.ts';
