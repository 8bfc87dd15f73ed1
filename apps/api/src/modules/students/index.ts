/**
 * The door of `students`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { declareContactChangeRoutes } from './contact-change/routes.ts';
export { contactChangeOf } from './contact-change/service.ts';
export { alreadyRegistered, loginDuplicate, refuseContactEdit } from './registered.ts';
export { findRegisteredKey } from './repo.ts';
export { studentRoutes } from './routes.ts';
