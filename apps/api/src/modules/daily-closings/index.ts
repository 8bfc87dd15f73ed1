/**
 * The door of `daily-closings`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { requireOpenDay } from './open-day.ts';
export { closingRights } from './policy.ts';
export { systemTotalsOf } from './repo.ts';
export { dailyClosingRoutes } from './routes.ts';
