/**
 * The door of `files`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { FileKind } from './kinds.ts';
export { sweepOrphanFiles } from './orphans.ts';
export { findFileOfKind, holdFileOfKind, insertFileRecord } from './repo.ts';
export { fileRoutes } from './routes.ts';
export { readPublicImage } from './service.ts';
export { changeStoredFile, publicImageCommand, saveFileRecords } from './uploads.ts';
