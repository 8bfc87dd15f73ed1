import { type ClosingStatus, canAccess, holdsAnyRight, Resource, type Right } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';

/** Finance (resource 10) or cash/closing (17): either right opens the closing routes (spec §2). */
export function closingRights(action: 'read' | 'create') {
  return [
    { resource: Resource.Finance, action },
    { resource: Resource.Closing, action },
  ] as const satisfies readonly Right[];
}

/** What the rules of a closing read of its row. */
export interface ClosingRow {
  branchId: number;
  status: ClosingStatus;
  depositSlipFileId: string | null;
}

const mayClose = (actor: Actor) => holdsAnyRight(actor.privileges, closingRights('create'));

/** A teller or branch accountant closes their own branch's days; head office (CFO, finance) any. */
const closesBranch = (actor: Actor, branchId: number) =>
  actor.type === 'super admin' || actor.branchId === null || actor.branchId === branchId;

/**
 * Who may do what with daily closings (spec §2, issue 13 F2): read_10 or read_17 reads them
 * (in the branch scope `readScopeOf` gives), create_10 or create_17 makes one, of a branch the
 * caller closes; its deposit slip is uploaded until it is finished, and an uploaded one (with
 * its slip) is finished.
 */
export const dailyClosingsPolicy = definePolicy({
  area: 'daily-closings',
  routes: {
    read: { permission: closingRights('read') },
    close: { permission: closingRights('create') },
  },
  rules: {
    read: (actor) => holdsAnyRight(actor.privileges, closingRights('read')),
    create: mayClose,
    closeBranch: {
      allows: (actor, row: { branchId: number }) => closesBranch(actor, row.branchId),
      refusal: () => new AppError('CLOSING_OTHER_BRANCH', { status: 403 }),
    },
    uploadSlip: {
      allows: (actor, row: ClosingRow) =>
        mayClose(actor) && closesBranch(actor, row.branchId) && row.status !== 'finished',
      refusal: () => new AppError('CLOSING_FINISHED', { status: 409 }),
    },
    finish: {
      allows: (actor, row: ClosingRow) =>
        mayClose(actor) &&
        closesBranch(actor, row.branchId) &&
        row.status === 'uploaded' &&
        row.depositSlipFileId !== null,
      refusal: () => new AppError('CLOSING_SLIP_REQUIRED', { status: 409 }),
    },
  },
});

/** The rules a change of a closing answers, in the order of their refusals. */
type ChangeRule = 'closeBranch' | 'uploadSlip' | 'finish';

/**
 * Asserts the right to close (403), then each rule in turn: the branch (403 CLOSING_OTHER_BRANCH),
 * the closing not finished (409 CLOSING_FINISHED), an uploaded slip (409 CLOSING_SLIP_REQUIRED).
 */
export function assertMayChange(actor: Actor | undefined, row: ClosingRow, rules: readonly ChangeRule[]) {
  dailyClosingsPolicy.assert(actor, 'create', undefined);
  for (const rule of rules) dailyClosingsPolicy.assert(actor, rule, row);
}

/**
 * The branch whose closings a caller reads (undefined: every branch). Head office sees all; so do
 * the accountants of a branch (finance read: they compare the branches' differences); a teller
 * and a closer without finance read see their own branch's.
 */
export function readScopeOf(actor: Actor): number | undefined {
  if (actor.branchId === null || actor.type === 'super admin') return undefined;
  if (actor.type !== 'Teller' && canAccess(actor.privileges, Resource.Finance, 'read')) return undefined;
  return actor.branchId;
}
