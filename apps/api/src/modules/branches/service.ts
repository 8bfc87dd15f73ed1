import type { Branch, BranchInput } from '@tasreeh/shared';
import { translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import * as repo from './repo.ts';

type BranchRow = NonNullable<Awaited<ReturnType<typeof repo.findBranchDetail>>>;

function toBranch({ createdAt: _createdAt, ...row }: BranchRow): Branch {
  return row;
}

/** Branches the actor may see: every branch for head office, their own for branch staff. */
export async function listBranches(ctx: Ctx, query: Omit<repo.BranchListFilter, 'scopeBranchId'>) {
  const page = await repo.listBranches(ctx.db, { ...query, scopeBranchId: branchScopeOf(actorOf(ctx)) });
  return { ...page, items: page.items.map(toBranch) };
}

/** A branch inside the actor's scope; 404 outside it, as if it did not exist. */
export async function getBranch(ctx: Ctx, id: number): Promise<Branch> {
  const scope = branchScopeOf(actorOf(ctx));
  const row = scope === undefined || scope === id ? await repo.findBranchDetail(ctx.db, id) : undefined;
  if (!row) throw notFound();
  return toBranch(row);
}

async function refuseClash(ctx: Ctx, input: BranchInput, exceptId?: number) {
  const clash = await repo.findClashingBranch(ctx.db, input, exceptId);
  if (!clash) return;
  const field = clash.code === input.code ? 'code' : 'nameEn';
  throw new AppError('NAME_EXISTS', { status: 409, fields: { [field]: 'NAME_EXISTS' } });
}

export async function createBranch(ctx: Ctx, input: BranchInput) {
  const actor = actorOf(ctx);
  await refuseClash(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const branchId = await repo.insertBranch(tx, input);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'branch.create',
      entity: 'branches',
      entityId: branchId,
      after: input,
      ip: ctx.ip,
    });
    return branchId;
  });
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

export async function updateBranch(ctx: Ctx, id: number, input: BranchInput) {
  const actor = actorOf(ctx);
  const before = await getBranch(ctx, id);
  await refuseClash(ctx, input, id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateBranch(tx, id, input);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'branch.update',
      entity: 'branches',
      entityId: id,
      before,
      after: input,
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
