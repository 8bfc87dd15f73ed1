import { Resource } from '@tasreeh/shared';
import { definePolicy, holds } from '../../lib/policy.ts';

const finance = (action: 'read' | 'create' | 'edit' | 'delete') => ({
  permission: { resource: Resource.Finance, action },
});

/**
 * Who may do what with fee setups and ledger accounts (spec resource 10, finance): read_10 reads
 * them, create_10 adds, edit_10 changes, delete_10 deletes a ledger account (fee setups are
 * never deleted: they are made inactive).
 */
export const feesPolicy = definePolicy({
  area: 'fees',
  routes: {
    read: finance('read'),
    create: finance('create'),
    edit: finance('edit'),
    delete: finance('delete'),
  },
  rules: {
    create: holds(Resource.Finance, 'create'),
    update: holds(Resource.Finance, 'edit'),
    delete: holds(Resource.Finance, 'delete'),
  },
});
