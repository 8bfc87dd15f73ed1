/**
 * The door of `corporates`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { corporateRoutes } from './routes.ts';
