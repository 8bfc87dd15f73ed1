/**
 * The door of `payments`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */

export { startCard } from './card.ts';
export { payerSearch } from './payer-search.ts';
export { isRefundRequester, mayReadPayment } from './policy.ts';
export { paymentRoutes } from './routes.ts';
export { bookingLine, type PaymentDeps, settlePaid } from './settle.ts';
export { insertPendingWire } from './wire.ts';
