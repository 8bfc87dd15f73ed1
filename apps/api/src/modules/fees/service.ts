import { breakdownOf, type FeeSetup, type FeeSetupInput, translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { writeRefusingDuplicates } from '../../lib/unique-violation.ts';
import * as repo from './repo.ts';

/** A stored setup with its total, computed by the shared money module (never stored twice). */
function toFeeSetup(row: repo.FeeSetupRow): FeeSetup {
  return { ...row, breakdown: breakdownOf(row) };
}

export async function listFeeSetups(ctx: Ctx, query: Parameters<typeof repo.listFeeSetups>[1]) {
  const page = await repo.listFeeSetups(ctx.db, query);
  return { ...page, items: page.items.map(toFeeSetup) };
}

export async function getFeeSetup(ctx: Ctx, id: number) {
  const row = await repo.findFeeSetup(ctx.db, id);
  if (!row) throw notFound();
  return toFeeSetup(row);
}

const nameTaken = () => new AppError('NAME_EXISTS', { status: 409, fields: { nameEn: 'NAME_EXISTS' } });

export async function createFeeSetup(ctx: Ctx, input: FeeSetupInput) {
  const actor = actorOf(ctx);
  const id = await writeRefusingDuplicates(
    async () => {
      if (await repo.isFeeNameTaken(ctx.db, input)) throw nameTaken();
    },
    () =>
      ctx.db.transaction(async (tx) => {
        const feeId = await repo.insertFeeSetup(tx, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'fees.create',
          entity: 'fee_setups',
          entityId: feeId,
          after: input,
          ip: ctx.ip,
        });
        return feeId;
      }),
  );
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

/** Changes a fee setup; money changes are audited with before and after. */
export async function updateFeeSetup(ctx: Ctx, id: number, input: FeeSetupInput) {
  const actor = actorOf(ctx);
  const before = await getFeeSetup(ctx, id);
  await writeRefusingDuplicates(
    async () => {
      if (await repo.isFeeNameTaken(ctx.db, input, id)) throw nameTaken();
    },
    () =>
      ctx.db.transaction(async (tx) => {
        await repo.updateFeeSetup(tx, id, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'fees.update',
          entity: 'fee_setups',
          entityId: id,
          before,
          after: input,
          ip: ctx.ip,
        });
      }),
  );
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

type LedgerValues = Parameters<typeof repo.insertLedgerAccount>[1];

export function listLedgerAccounts(ctx: Ctx, query: Parameters<typeof repo.listLedgerAccounts>[1]) {
  return repo.listLedgerAccounts(ctx.db, query);
}

export async function getLedgerAccount(ctx: Ctx, id: number) {
  const row = await repo.findLedgerAccount(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

const accountTaken = () =>
  new AppError('RECORDS_ALREADY_REGISTERED', {
    status: 409,
    fields: { mainAccount: 'RECORDS_ALREADY_REGISTERED' },
  });

/** Adds a ledger account; the same five segments twice are refused. */
export async function createLedgerAccount(ctx: Ctx, input: LedgerValues) {
  const actor = actorOf(ctx);
  const id = await writeRefusingDuplicates(
    async () => {
      if (await repo.isLedgerAccountTaken(ctx.db, input)) throw accountTaken();
    },
    () =>
      ctx.db.transaction(async (tx) => {
        const ledgerId = await repo.insertLedgerAccount(tx, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'ledger.create',
          entity: 'ledger_accounts',
          entityId: ledgerId,
          after: input,
          ip: ctx.ip,
        });
        return ledgerId;
      }),
  );
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

/** Changes a ledger account, audited with before and after; a combination taken by another is refused. */
export async function updateLedgerAccount(ctx: Ctx, id: number, input: LedgerValues) {
  const actor = actorOf(ctx);
  const before = await getLedgerAccount(ctx, id);
  await writeRefusingDuplicates(
    async () => {
      if (await repo.isLedgerAccountTaken(ctx.db, input, id)) throw accountTaken();
    },
    () =>
      ctx.db.transaction(async (tx) => {
        await repo.updateLedgerAccount(tx, id, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'ledger.update',
          entity: 'ledger_accounts',
          entityId: id,
          before,
          after: input,
          ip: ctx.ip,
        });
      }),
  );
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
