import { Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import type { JournalScope } from './repo.ts';

/**
 * Who may read the double-entry journal (issue 13, F4): it is finance's (spec resource 10), read
 * only: read_10, for the list and its export alike.
 */
export const ledgerPolicy = definePolicy({
  area: 'ledger',
  routes: {
    read: { permission: { resource: Resource.Finance, action: 'read' } },
  },
  rules: {
    read: holds(Resource.Finance, 'read'),
  },
});

/** Which entries a reader sees: a branch-bound reader its branch's, head office every one. */
export function journalScopeOf(actor: Actor): JournalScope {
  return { branchId: actor.branchId };
}
