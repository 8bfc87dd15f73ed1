import type {
  NewPermissionGroupInput,
  PermissionGroup,
  PermissionGroupFormOptions,
  PermissionGroupInput,
} from '@tasreeh/shared';
import { AppError, forbidden, notFound } from '../../../lib/app-error.ts';
import { command } from '../../../lib/command.ts';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { privilegesFromStored } from '../../auth/index.ts';
import { userScopeOf, usersPolicy } from '../policy.ts';
import { listBranchChoices } from '../repo.ts';
import * as repo from './repo.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>;

function toGroup(
  ctx: Ctx,
  { stored, branchId, branchCode, branchNameEn, branchNameAr, ...row }: GroupRow,
): PermissionGroup {
  const privileges = privilegesFromStored(stored);
  return {
    ...row,
    privileges,
    branch:
      branchId === null
        ? null
        : { id: branchId, code: branchCode ?? '', nameEn: branchNameEn ?? '', nameAr: branchNameAr ?? '' },
    abilities: usersPolicy.abilities(ctx.actor, { privileges }, ['updateGroup']),
  };
}

/** The groups the actor may see: their branch's for branch staff, every group for head office. */
export async function listGroups(ctx: Ctx, query: Omit<repo.GroupListFilter, 'scopeBranchId'>) {
  const page = await repo.listGroups(ctx.db, { ...query, scopeBranchId: userScopeOf(actorOf(ctx)) });
  return { ...page, items: page.items.map((row) => toGroup(ctx, row)) };
}

/** How many of the groups the actor may see match the filters (the list's scope, capped). */
export function countGroups(ctx: Ctx, query: Omit<repo.GroupFilter, 'scopeBranchId'>) {
  return repo.countGroups(ctx.db, { ...query, scopeBranchId: userScopeOf(actorOf(ctx)) });
}

async function findInScope(ctx: Ctx, id: number, lock = false) {
  const row = await repo.findGroup(ctx.db, id, userScopeOf(actorOf(ctx)), lock);
  if (!row) throw notFound();
  return row;
}

/** The route guard of a group's edit: in their scope (else 404), the policy's `updateGroup` (403), before the form is read. */
export async function assertMayEditGroup(ctx: Ctx, { id }: { id: number }): Promise<void> {
  usersPolicy.assert(ctx.actor, 'updateGroup', toGroup(ctx, await findInScope(ctx, id)));
}

/** A group inside the actor's scope; 404 outside it (a head-office group or another branch's, for branch staff). */
export async function getGroup(ctx: Ctx, id: number): Promise<PermissionGroup> {
  return toGroup(ctx, await findInScope(ctx, id));
}

/** Whom the actor may give a new group to: branch staff their own branch only, head office any. */
export async function getGroupFormOptions(ctx: Ctx): Promise<PermissionGroupFormOptions> {
  const scope = userScopeOf(actorOf(ctx));
  return { headOffice: scope === undefined, branches: await listBranchChoices(ctx.db, scope) };
}

/** The owner a new group gets: branch staff may name only their own branch (or none, meaning theirs). */
async function ownerOf(ctx: Ctx, requested: number | null | undefined): Promise<number | null> {
  const scope = userScopeOf(actorOf(ctx));
  if (!usersPolicy.may(ctx.actor, 'ownGroup', requested)) throw forbidden();
  if (scope !== undefined) return scope;
  if (requested == null) return null;
  if (!(await repo.branchExists(ctx.db, requested))) {
    throw new AppError('SELECT_BRANCH', { status: 400, fields: { branchId: 'SELECT_BRANCH' } });
  }
  return requested;
}

const nameTaken = (field: 'nameEn' | 'nameAr') =>
  new AppError('NAME_EXISTS', { status: 409, fields: { [field]: 'NAME_EXISTS' } });

/** The field a unique index of `permission_groups` guards, when a parallel save took the name. */
function duplicateOf(constraint: string | undefined) {
  return nameTaken(constraint === 'permission_groups_name_ar_key' ? 'nameAr' : 'nameEn');
}

/** Refuses a grid with a right the actor lacks, and a name the same owner already uses. */
async function checkGroupInput(
  ctx: Ctx,
  input: PermissionGroupInput,
  branchId: number | null,
  exceptId?: number,
) {
  usersPolicy.assert(ctx.actor, 'grantInGroup', input);
  const taken = await repo.findTakenGroupName(ctx.db, input, branchId, exceptId);
  if (taken) throw nameTaken(taken);
}

/** A new group, owned by head office or one branch (see ownerOf), holding no right its maker lacks. */
export const createGroup = command({
  name: 'group.create',
  entity: 'permission_groups',
  authorize: usersPolicy.authorize('createGroup'),
  run: async (ctx, { branchId: requested, ...input }: NewPermissionGroupInput) => {
    const branchId = await ownerOf(ctx, requested);
    await checkGroupInput(ctx, input, branchId);
    return { id: await repo.insertGroup(ctx.db, input, branchId) };
  },
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

/**
 * Changes a group inside the actor's scope (its owner stays) that holds no right the actor lacks
 * (else they could strip a stronger account's rights); its members have the new rights on their
 * next call (privileges are read per request).
 */
export const updateGroup = command({
  name: 'group.update',
  entity: 'permission_groups',
  load: async (ctx, { id }: { id: number; input: PermissionGroupInput }) => {
    const { abilities: _abilities, ...group } = toGroup(ctx, await findInScope(ctx, id, true));
    return group;
  },
  authorize: usersPolicy.authorize('updateGroup', (group: Omit<PermissionGroup, 'abilities'>) => group),
  run: async (ctx, { id, input }, before) => {
    await checkGroupInput(ctx, input, before.branch?.id ?? null, id);
    await repo.updateGroup(ctx.db, id, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});
