import type { Actor } from '../../lib/context.ts';
import { anyone, definePolicy } from '../../lib/policy.ts';

/**
 * Who may use the account calls (spec §7): logging in, the one-time codes and the forgotten
 * password are anyone's (a code or a grant is the proof); a session is checked, ended or its
 * password changed by the one it belongs to.
 */
export const authPolicy = definePolicy({
  area: 'auth',
  routes: {
    public: 'public',
    session: 'session',
  },
  rules: {
    /** Send a one-time code (to an account's phone, or a phone being registered). */
    sendCode: anyone,
    /** Set a new password with the grant a verified code gave. */
    resetPassword: anyone,
    /** Change a password: one's own only. */
    changeOwnPassword: (actor: Actor, account: { userId: number }) => actor.userId === account.userId,
  },
});
