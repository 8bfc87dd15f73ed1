import type { CenterStatus } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';
import { anyone, definePolicy } from '../../lib/policy.ts';

const isSuperAdmin = (actor: Actor) => actor.type === 'super admin';

/**
 * Who may do what with training and medical centres: the super admin alone manages them (spec
 * §2, §6); a centre registers itself and reads its own record.
 */
export const centersPolicy = definePolicy({
  area: 'centers',
  routes: {
    register: 'public',
    manage: { types: ['super admin'] },
    own: { types: ['training center', 'medical center'] },
  },
  rules: {
    /** Anyone submits a centre's registration (the mobile proven, the form valid). */
    register: anyone,
    /** Add a centre directly, approved at once. */
    create: isSuperAdmin,
    /** Edit a centre's details and its login. */
    edit: isSuperAdmin,
    /** Approve or reject a registration: while it is pending; a decided one stays decided. */
    review: {
      allows: (actor: Actor, center: { status: CenterStatus }) =>
        isSuperAdmin(actor) && center.status === 'pending',
      refusal: () => new AppError('ALREADY_REVIEWED', { status: 409 }),
    },
  },
});
