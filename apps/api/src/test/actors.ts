import type { Actor } from '../lib/context.ts';

/**
 * A caller as a policy sees it, made by hand for a rule's test (no session, no database): user 7
 * of branch 1, student 70 or corporate 40 by its type, with the rights given.
 */
export function testActor(
  type: Actor['type'],
  privileges: Actor['privileges'] = [],
  { userId = 7, branchId = 1 as number | null } = {},
): Actor {
  return {
    userId,
    sessionId: 's',
    type,
    name: 'A',
    privileges,
    branchId,
    studentId: type === 'student' ? 70 : null,
    corporateId: type === 'corporate' ? 40 : null,
    changePassword: false,
  };
}
