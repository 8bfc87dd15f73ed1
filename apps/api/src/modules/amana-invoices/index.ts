/**
 * The door of `amana-invoices`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { amanaInvoiceRoutes } from './routes.ts';
export { writeAmanaInvoice } from './service.ts';
