import type { Branch, BranchInput } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { branchesPolicy, branchListScopeOf, isBranchInScope } from './policy.ts';
import * as repo from './repo.ts';

type BranchRow = NonNullable<Awaited<ReturnType<typeof repo.findBranchDetail>>>;

function toBranch(ctx: Ctx, { createdAt: _createdAt, ...row }: BranchRow): Branch {
  return { ...row, abilities: branchesPolicy.abilities(ctx.actor, row, ['update', 'addClassroom']) };
}

/** Branches the actor may see: every branch for head office, their own for branch staff. */
export async function listBranches(ctx: Ctx, query: Omit<repo.BranchListFilter, 'scopeBranchId'>) {
  const page = await repo.listBranches(ctx.db, { ...query, scopeBranchId: branchListScopeOf(actorOf(ctx)) });
  return { ...page, items: page.items.map((row) => toBranch(ctx, row)) };
}

/** How many branches the actor may see match the filters (the list's scope, capped). */
export function countBranches(ctx: Ctx, query: Omit<repo.BranchFilter, 'scopeBranchId'>) {
  return repo.countBranches(ctx.db, { ...query, scopeBranchId: branchListScopeOf(actorOf(ctx)) });
}

/** A branch inside the actor's scope; 404 outside it, as if it did not exist. */
export async function getBranch(ctx: Ctx, id: number): Promise<Branch> {
  const row = isBranchInScope(actorOf(ctx), id) ? await repo.findBranchDetail(ctx.db, id) : undefined;
  if (!row) throw notFound();
  return toBranch(ctx, row);
}

async function refuseClash(ctx: Ctx, input: BranchInput, exceptId?: number) {
  const clash = await repo.findClashingBranch(ctx.db, input, exceptId);
  if (!clash) return;
  throw nameTaken(clash.code === input.code ? 'code' : 'nameEn');
}

const nameTaken = (field: 'code' | 'nameEn' | 'nameAr') =>
  new AppError('NAME_EXISTS', { status: 409, fields: { [field]: 'NAME_EXISTS' } });

/** The field a unique index of `branches` guards: the one to point at when a parallel save took the value. */
function duplicateOf(constraint: string | undefined) {
  if (constraint === 'branches_name_ar_key') return nameTaken('nameAr');
  if (constraint === 'branches_name_en_key') return nameTaken('nameEn');
  return nameTaken('code');
}

export const createBranch = command({
  name: 'branch.create',
  entity: 'branches',
  authorize: branchesPolicy.authorize('create'),
  run: async (ctx, input: BranchInput) => {
    await refuseClash(ctx, input);
    return { id: await repo.insertBranch(ctx.db, input) };
  },
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

export const updateBranch = command({
  name: 'branch.update',
  entity: 'branches',
  load: (ctx, { id }: { id: number; input: BranchInput }) => getBranch(ctx, id),
  authorize: branchesPolicy.authorize('update'),
  run: async (ctx, { id, input }) => {
    await refuseClash(ctx, input, id);
    await repo.updateBranch(ctx.db, id, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});
