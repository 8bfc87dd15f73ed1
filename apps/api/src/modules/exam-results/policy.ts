import { Resource, type UserType } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import type { ResultScope } from './repo.ts';

/** The callers who read results as owners of their rows, without read_19. */
const RESULT_OWNERS = ['student', 'corporate', 'Examiner'] as const satisfies readonly UserType[];
const OWNER_TYPES: ReadonlySet<UserType> = new Set(RESULT_OWNERS);

/**
 * Who may read exam results (spec resource 19, read-only): staff with read_19 (their branch), and
 * as owners of their own rows an Examiner (the sessions assigned to it), a corporate (its
 * students), a student (its own). The statistics: read_19 only (docs/decisions/0016).
 */
export const examResultsPolicy = definePolicy({
  area: 'exam-results',
  routes: {
    read: { owners: RESULT_OWNERS, permission: { resource: Resource.Scores, action: 'read' } },
    stats: { permission: { resource: Resource.Scores, action: 'read' } },
  },
  rules: {
    read: (actor) => OWNER_TYPES.has(actor.type) || holds(Resource.Scores, 'read')(actor, undefined),
    stats: holds(Resource.Scores, 'read'),
  },
});

/**
 * Whose results a caller sees: a student its own, a corporate its students', an Examiner the
 * sessions assigned to it, staff with read_19 (the route checked it) their branch's sessions'.
 */
export function resultScopeOf(actor: Actor): ResultScope {
  if (actor.type === 'student') return { studentId: actor.studentId ?? -1 };
  if (actor.type === 'corporate') return { corporateId: actor.corporateId ?? -1 };
  if (actor.type === 'Examiner') return { examinerUserId: actor.userId };
  return { branchId: branchScopeOf(actor) };
}
