import { Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/**
 * The branch whose results' standings a caller sees, and whose sessions they book into: their
 * own for staff of a branch, every branch's for head office.
 */
export function retakeBranchOf(actor: Actor): number | undefined {
  return branchScopeOf(actor);
}

/** Who may see and book retakes (spec retake-exam read_9; book-retake and its payment create_9). */
export const retakesPolicy = definePolicy({
  area: 'retakes',
  routes: {
    read: { permission: { resource: Resource.Bookings, action: 'read' } },
    book: { permission: { resource: Resource.Bookings, action: 'create' } },
  },
  rules: {
    /** See the standings of failed exams and what is due. */
    read: holds(Resource.Bookings, 'read'),
    /** Book a student into the ReAssessment or ReTake session due. */
    book: holds(Resource.Bookings, 'create'),
  },
});
