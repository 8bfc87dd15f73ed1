import { Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';

const readsUsers = holds(Resource.Users, 'read');
const readsBookings = holds(Resource.Bookings, 'read');
const readsRevenue = holds(Resource.Finance, 'read');

/**
 * Who reads the business statistics: read_1, read_9 or read_10 (the route's rule), each for its
 * part — accounts opened with read_1 (users), bookings with read_9, revenue and its leaders with
 * read_10 (finance). None of the three: 403.
 */
export const businessStatsPolicy = definePolicy({
  area: 'business-stats',
  routes: {
    read: {
      permission: [
        { resource: Resource.Users, action: 'read' },
        { resource: Resource.Bookings, action: 'read' },
        { resource: Resource.Finance, action: 'read' },
      ],
    },
  },
  rules: {
    read: (actor: Actor) =>
      readsUsers(actor, undefined) || readsBookings(actor, undefined) || readsRevenue(actor, undefined),
    readUsers: readsUsers,
    readBookings: readsBookings,
    readRevenue: readsRevenue,
  },
});

/** Which parts of the business statistics a caller reads. */
export interface StatsParts {
  users: boolean;
  bookings: boolean;
  revenue: boolean;
}

/** The parts of the statistics the caller reads, by the policy's rules. */
export function statsPartsOf(actor: Actor): StatsParts {
  return {
    users: businessStatsPolicy.may(actor, 'readUsers', undefined),
    bookings: businessStatsPolicy.may(actor, 'readBookings', undefined),
    revenue: businessStatsPolicy.may(actor, 'readRevenue', undefined),
  };
}
