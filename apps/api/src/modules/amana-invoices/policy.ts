import { type AmanaInvoiceStatus, holdsAnyRight, Resource, type Right } from '@tasreeh/shared';
import { eq, type SQL } from 'drizzle-orm';
import { amanaInvoices } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { definePolicy, holds } from '../../lib/policy.ts';
import { branchScopeOf } from '../../lib/scope.ts';

/** Who reads amana-invoice and its screens: finance (read_10) or the Amanah (read_18). */
const READERS = [
  { resource: Resource.Finance, action: 'read' },
  { resource: Resource.AmanaInvoices, action: 'read' },
] as const satisfies readonly Right[];

/** Who issues an invoice: create_10 or create_18. */
const ISSUERS = [
  { resource: Resource.Finance, action: 'create' },
  { resource: Resource.AmanaInvoices, action: 'create' },
] as const satisfies readonly Right[];

const verifies = holds(Resource.AmanaInvoices, 'edit');

/**
 * Who may do what with the Amanah's invoices (issue 13): finance or the Amanah read them (staff of
 * a branch, their branch's: `invoiceScopeOf`), finance issues one of a branch it sees, the Amanah
 * (edit_18) verifies the lines of an invoice not yet wholly verified.
 */
export const amanaInvoicesPolicy = definePolicy({
  area: 'amana-invoices',
  routes: {
    read: { permission: READERS },
    issue: { permission: ISSUERS },
    verify: { permission: { resource: Resource.AmanaInvoices, action: 'edit' } },
  },
  rules: {
    read: (actor) => holdsAnyRight(actor.privileges, READERS),
    issue: (actor) => holdsAnyRight(actor.privileges, ISSUERS),
    /** The branch filter of the list: finance readers (read_10) choose among the branches. */
    filterByBranch: holds(Resource.Finance, 'read'),
    issueBranch: {
      allows: (actor, input: { branchId: number }) => {
        const scope = branchScopeOf(actor);
        return scope === undefined || scope === input.branchId;
      },
      refusal: () => invalidField('branchId', 'SELECT_BRANCH'),
    },
    /** Whether the caller may verify batches at all (edit_18). */
    verifyBatches: verifies,
    verify: {
      allows: (actor, invoice: { status: AmanaInvoiceStatus }) =>
        verifies(actor, invoice) && invoice.status !== 'verified',
      refusal: () => new AppError('AMANA_ALREADY_VERIFIED', { status: 409 }),
    },
  },
});

/** The invoices the caller sees: every branch's, or its own branch's when it belongs to one (no reader: 403). */
export function invoiceScopeOf(actor: Actor): SQL | undefined {
  amanaInvoicesPolicy.assert(actor, 'read', undefined);
  const branch = branchScopeOf(actor);
  return branch === undefined ? undefined : eq(amanaInvoices.branchId, branch);
}
