import { Resource } from '@tasreeh/shared';
import { definePolicy, holds } from '../../lib/policy.ts';

/** Who may do what with corporates (spec resource 4): the rights of the grid, on every corporate alike. */
export const corporatesPolicy = definePolicy({
  area: 'corporates',
  routes: {
    read: { permission: { resource: Resource.Corporates, action: 'read' } },
    create: { permission: { resource: Resource.Corporates, action: 'create' } },
    edit: { permission: { resource: Resource.Corporates, action: 'edit' } },
  },
  rules: {
    /** Add a corporate (and open its login). */
    create: holds(Resource.Corporates, 'create'),
    /** Edit a corporate: its form, its copies, its login e-mail or phone (with the code sent to the new one). */
    edit: holds(Resource.Corporates, 'edit'),
  },
});
