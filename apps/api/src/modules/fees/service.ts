import { breakdownOf, type FeeSetup, type FeeSetupInput, type LedgerAccount } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import { accountHasLines } from '../ledger/index.ts';
import { feesPolicy } from './policy.ts';
import * as repo from './repo.ts';

/** A stored setup with its total, computed by the shared money module (never stored twice). */
function withBreakdown(row: repo.FeeSetupRow) {
  return { ...row, breakdown: breakdownOf(row) };
}

/** A setup as the API answers it: with its total and what the caller may do with it. */
function toFeeSetup(ctx: Ctx, row: repo.FeeSetupRow): FeeSetup {
  return { ...withBreakdown(row), abilities: feesPolicy.abilities(ctx.actor, row, ['update']) };
}

export async function listFeeSetups(ctx: Ctx, query: Parameters<typeof repo.listFeeSetups>[1]) {
  const page = await repo.listFeeSetups(ctx.db, query);
  return { ...page, items: page.items.map((row) => toFeeSetup(ctx, row)) };
}

export function countFeeSetups(ctx: Ctx, query: Parameters<typeof repo.countFeeSetups>[1]) {
  return repo.countFeeSetups(ctx.db, query);
}

async function findFeeSetup(ctx: Ctx, id: number) {
  const row = await repo.findFeeSetup(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export async function getFeeSetup(ctx: Ctx, id: number) {
  return toFeeSetup(ctx, await findFeeSetup(ctx, id));
}

const nameTaken = (field: 'nameEn' | 'nameAr') =>
  new AppError('NAME_EXISTS', { status: 409, fields: { [field]: 'NAME_EXISTS' } });

/** Refuses a name another fee setup has, pointing at that name. */
async function refuseNameClash(ctx: Ctx, input: FeeSetupInput, exceptId?: number) {
  const field = await repo.findFeeNameClash(ctx.db, input, exceptId);
  if (field) throw nameTaken(field);
}

/** The name a unique index of `fee_setups` guards: the one a parallel save took. */
const feeNameOf = (constraint: string | undefined) =>
  nameTaken(constraint === 'fee_setups_name_ar_key' ? 'nameAr' : 'nameEn');

/** Adds a fee setup; both of its names must be new. */
export const createFeeSetup = command({
  name: 'fees.create',
  entity: 'fee_setups',
  authorize: feesPolicy.authorize('create'),
  run: async (ctx, input: FeeSetupInput) => {
    await refuseNameClash(ctx, input);
    return { id: await repo.insertFeeSetup(ctx.db, input) };
  },
  duplicate: feeNameOf,
  message: 'RECORDS_SAVED',
});

/** Changes a fee setup; money changes are audited with before and after. */
export const updateFeeSetup = command({
  name: 'fees.update',
  entity: 'fee_setups',
  load: async (ctx, { id }: { id: number; input: FeeSetupInput }) =>
    withBreakdown(await findFeeSetup(ctx, id)),
  authorize: feesPolicy.authorize('update'),
  run: async (ctx, { id, input }) => {
    await refuseNameClash(ctx, input, id);
    await repo.updateFeeSetup(ctx.db, id, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: feeNameOf,
  message: 'RECORDS_UPDATED',
});

type LedgerValues = Parameters<typeof repo.insertLedgerAccount>[1];

/** An account as the API answers it: with what the caller may do with it. */
function toLedgerAccount(ctx: Ctx, row: Omit<LedgerAccount, 'abilities'>): LedgerAccount {
  return { ...row, abilities: feesPolicy.abilities(ctx.actor, row, ['update', 'delete']) };
}

export async function listLedgerAccounts(ctx: Ctx, query: Parameters<typeof repo.listLedgerAccounts>[1]) {
  const page = await repo.listLedgerAccounts(ctx.db, query);
  return { ...page, items: page.items.map((row) => toLedgerAccount(ctx, row)) };
}

export function countLedgerAccounts(ctx: Ctx, query: Parameters<typeof repo.countLedgerAccounts>[1]) {
  return repo.countLedgerAccounts(ctx.db, query);
}

async function findLedgerAccount(ctx: Ctx, id: number) {
  const row = await repo.findLedgerAccount(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export async function getLedgerAccount(ctx: Ctx, id: number) {
  return toLedgerAccount(ctx, await findLedgerAccount(ctx, id));
}

/** The five segments are taken: by an earlier save, or by a parallel one (the unique index). */
const accountTaken = () =>
  new AppError('RECORDS_ALREADY_REGISTERED', {
    status: 409,
    fields: { mainAccount: 'RECORDS_ALREADY_REGISTERED' },
  });

/** The role is another account's (issue 13): found first, or refused by the unique index to a parallel save. */
const roleTaken = () =>
  new AppError('LEDGER_ROLE_TAKEN', { status: 409, fields: { role: 'LEDGER_ROLE_TAKEN' } });

const duplicateOf = (constraint: string | undefined) =>
  constraint === 'ledger_accounts_role_unique' ? roleTaken() : accountTaken();

/** Refuses five segments or a role another account already has. */
async function refuseTaken(ctx: Ctx, input: LedgerValues, exceptId?: number) {
  if (await repo.isLedgerAccountTaken(ctx.db, input, exceptId)) throw accountTaken();
  if (input.role && (await repo.findRoleHolder(ctx.db, input.role, exceptId))) throw roleTaken();
}

/** Adds a ledger account; the same five segments twice, or a role already on another account, are refused. */
export const createLedgerAccount = command({
  name: 'ledger.create',
  entity: 'ledger_accounts',
  authorize: feesPolicy.authorize('create'),
  run: async (ctx, input: LedgerValues) => {
    await refuseTaken(ctx, input);
    return { id: await repo.insertLedgerAccount(ctx.db, input) };
  },
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

/**
 * Changes a ledger account, audited with before and after; a combination or a role taken by
 * another is refused. A role left out stays as it is; `null` clears it.
 */
export const updateLedgerAccount = command({
  name: 'ledger.update',
  entity: 'ledger_accounts',
  load: (ctx, { id }: { id: number; input: LedgerValues }) => findLedgerAccount(ctx, id),
  authorize: feesPolicy.authorize('update'),
  run: async (ctx, { id, input }) => {
    await refuseTaken(ctx, input, id);
    await repo.updateLedgerAccount(ctx.db, id, input);
    return { id };
  },
  audit: ({ input, before }) => ({ before, after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});

/** Deletes a ledger account that no journal line is on (one that is: 409, the journal keeps its accounts). */
export const deleteLedgerAccount = command({
  name: 'ledger.delete',
  entity: 'ledger_accounts',
  load: (ctx, { id }: { id: number }) => findLedgerAccount(ctx, id),
  authorize: feesPolicy.authorize('delete'),
  run: async (ctx, { id }) => {
    if (await accountHasLines(ctx.db, id)) throw new AppError('LEDGER_ACCOUNT_IN_USE', { status: 409 });
    await repo.deleteLedgerAccount(ctx.db, id);
    return { id };
  },
  audit: ({ before, result }) => ({ entityId: result.id, before }),
  message: 'LEDGER_ACCOUNT_DELETED',
});
