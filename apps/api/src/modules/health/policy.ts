import { anyone, definePolicy } from '../../lib/policy.ts';

/** Operations' questions (is the database answering, is the process live, is it ready) are anyone's. */
export const healthPolicy = definePolicy({
  area: 'health',
  routes: { public: 'public' },
  rules: { read: anyone },
});
