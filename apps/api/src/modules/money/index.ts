/**
 * The door of `money`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { settleAdvance } from './advance-credit.ts';
export { balanceOf, lockedBalanceOf, type Payer } from './balance.ts';
export {
  type CardGateway,
  type DevelopmentPayment,
  type DevelopmentRefund,
  GatewayError,
  type GatewayPayment,
  gatewayFor,
} from './gateway.ts';
export { giveBack, giveBackBooking } from './give-back.ts';
export { issueDocument } from './issue.ts';
export { giveBackLateCard, isLateCardRefunded } from './late-card.ts';
export { cancelPendingCards } from './pending-cards.ts';
export {
  bookingRemainingOf,
  lockPayment,
  refuseAdvanceIntoBalance,
  refuseBeyond,
  remainingOf,
} from './remaining.ts';
