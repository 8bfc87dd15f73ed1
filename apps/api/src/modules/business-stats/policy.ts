import { canAccess, Resource, type Right } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';

/** Which parts of the business statistics a caller reads. */
export interface StatsParts {
  users: boolean;
  bookings: boolean;
  revenue: boolean;
}

/** Who reads the statistics at all: read_1, read_9 or read_10 (the route's rule; the parts follow). */
export const STATS_READERS = [
  { resource: Resource.Users, action: 'read' },
  { resource: Resource.Bookings, action: 'read' },
  { resource: Resource.Finance, action: 'read' },
] as const satisfies readonly Right[];

/** Accounts opened with read_1 (users), bookings with read_9, revenue and its leaders with read_10 (finance). */
export function statsPartsOf(actor: Actor): StatsParts {
  return {
    users: canAccess(actor.privileges, Resource.Users, 'read'),
    bookings: canAccess(actor.privileges, Resource.Bookings, 'read'),
    revenue: canAccess(actor.privileges, Resource.Finance, 'read'),
  };
}

/** Whether a caller reads any part at all (none: 403). */
export function readsAnyStats(parts: StatsParts): boolean {
  return parts.users || parts.bookings || parts.revenue;
}
