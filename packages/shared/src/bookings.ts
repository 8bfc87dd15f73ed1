/**
 * Bookings (spec §3 Booking, §4 booking and payment states; DESIGN §5 Bookings). Without Zod.
 * `Pending Payment` holds a seat for HOLD_MINUTES; the server releases an unpaid hold (Expired).
 */
export const BOOKING_STATUSES = [
  'Pending Payment',
  'Pending',
  'Booked',
  'Cancelled',
  'Expired',
  'Attended',
  'Absent',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses that hold a seat. */
export const SEAT_HOLDING_STATUSES = ['Pending Payment', 'Pending', 'Booked', 'Attended', 'Absent'] as const;

/** Who made the booking: the student online, a corporate for its workers, a teller at the counter. */
export const BOOKING_CHANNELS = ['student', 'corporate', 'counter'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

/** Spec §3: payment type full or partial (partial for corporates). */
export const BOOKING_PAYMENT_TYPES = ['full', 'partial'] as const;
export type BookingPaymentType = (typeof BOOKING_PAYMENT_TYPES)[number];

/** Spec §4: Immediate or Deferred (deferred for corporates, by an authorised user). */
export const PAYMENT_TIMINGS = ['Immediate', 'Deferred'] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];

/** The statuses a booking may be cancelled or moved from (before its session starts). */
export const CHANGEABLE_STATUSES = ['Pending Payment', 'Booked'] as const;

/** What a step of a booking's history says happened, derived from its audit trail and its payments'. */
export const BOOKING_EVENTS = [
  'booked',
  'paymentStarted',
  'wireWaiting',
  'paid',
  'paymentFailed',
  'cancelled',
  'moved',
  'expired',
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** How long a chosen seat is held for its payment. */
export const HOLD_MINUTES = 15;
