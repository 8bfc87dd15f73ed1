import { anyone, definePolicy } from '../../lib/policy.ts';

/**
 * The development outbox is public by its access rule: in development and test mode only, and
 * any caller not on this machine is told the route does not exist (`hideFromOtherCallers`).
 */
export const devPolicy = definePolicy({
  area: 'dev',
  routes: { public: 'public' },
  rules: { read: anyone },
});
