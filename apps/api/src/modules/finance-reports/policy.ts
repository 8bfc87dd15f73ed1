import { Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';

/** Who reads the finance reports (issue 13, F5) and exports them: finance readers (read_10). */
export const financeReportsPolicy = definePolicy({
  area: 'finance-reports',
  routes: {
    read: { permission: { resource: Resource.Finance, action: 'read' } },
  },
  rules: {
    read: holds(Resource.Finance, 'read'),
  },
});

/** The branch a caller reports on: a finance user of one branch its branch's (undefined: every branch). */
export function reportBranchOf(actor: Actor): number | undefined {
  return actor.branchId ?? undefined;
}
