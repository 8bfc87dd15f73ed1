/**
 * The door of `bookings`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { expireHoldsLater, HOLD_EXPIRY, holdExpiryJob, sweepExpiredHolds } from './hold-expiry.ts';
export { findPayableBooking, type PayableBooking } from './payable.ts';
export { findStudents } from './repo.ts';
export { dueOf, FREE, type Price, retakePrice, standingsSql, toStanding } from './retake-rule.ts';
export { bookingRoutes } from './routes.ts';
export { duplicateOf, insertBookingOf, priceOf, takeSeats, toBooking } from './service.ts';
