import { Resource } from '@tasreeh/shared';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/**
 * Who may do what with branches (spec resource 2) and their classrooms (resource 5): the rights of
 * the permissions grid; branch staff reach their own branch only (lists and rows, see the scopes).
 */
export const branchesPolicy = definePolicy({
  area: 'branches',
  routes: {
    public: 'public',
    read: { permission: { resource: Resource.Branches, action: 'read' } },
    create: { permission: { resource: Resource.Branches, action: 'create' } },
    edit: { permission: { resource: Resource.Branches, action: 'edit' } },
    addClassroom: { permission: { resource: Resource.Classrooms, action: 'create' } },
    editClassroom: { permission: { resource: Resource.Classrooms, action: 'edit' } },
    deleteClassroom: { permission: { resource: Resource.Classrooms, action: 'delete' } },
  },
  rules: {
    create: holds(Resource.Branches, 'create'),
    update: holds(Resource.Branches, 'edit'),
    addClassroom: holds(Resource.Classrooms, 'create'),
    updateClassroom: holds(Resource.Classrooms, 'edit'),
    deleteClassroom: holds(Resource.Classrooms, 'delete'),
  },
});

/** The branches a caller's lists hold: every branch for head office, their own for branch staff. */
export function branchListScopeOf(actor: Actor): number | undefined {
  return branchScopeOf(actor);
}

/** Whether a branch (by id) is inside the caller's scope; outside it, it is not found. */
export function isBranchInScope(actor: Actor, branchId: number): boolean {
  const scope = branchScopeOf(actor);
  return scope === undefined || scope === branchId;
}
