import {
  type Area,
  areaOf,
  decideRoute,
  type Privilege,
  type RouteRule,
  type UserType,
} from '@tasreeh/shared';
import { LOGIN_PATH, landingPathOf, returnPathIn } from './return-path.ts';

export { LOGIN_PATH };
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';

const firstLoginPathIn = (area: Area) => `/${area}/change-password-first`;

/**
 * The first-login screen a login marked to change its password is held on, in its own area (the
 * API refuses such a login everything but the change: 403 PASSWORD_CHANGE_REQUIRED); undefined
 * for others. Corporates (spec §2), centres the super admin opened (0006) and students staff
 * opened get a generated password by SMS and this mark.
 */
export function firstLoginPathOf(session: { type: UserType; changePassword: boolean }): string | undefined {
  return session.changePassword ? firstLoginPathIn(areaOf(session.type)) : undefined;
}

export interface GuardSession {
  type: UserType | undefined;
  privileges: readonly Privilege[] | undefined;
  changePassword: boolean;
}

/**
 * Where a protected navigation must go instead, or undefined to let it through. Every rule
 * on the matched route chain is checked (spec §6: a type that is not listed goes to login, a
 * missing permission to the admin dashboard); a login that must change its password is held
 * on its area's first-login screen until it has, then goes on to the page it asked for before
 * logging in (`search` carries it) or its dashboard.
 */
export function guardRedirect(
  session: GuardSession,
  rules: readonly RouteRule[],
  pathname: string,
  search = '',
) {
  for (const rule of rules) {
    const decision = decideRoute(session, rule);
    if (decision === 'login') return LOGIN_PATH;
    if (decision === 'dashboard')
      return pathname === ADMIN_DASHBOARD_PATH ? LOGIN_PATH : ADMIN_DASHBOARD_PATH;
  }
  if (!session.type) return LOGIN_PATH;
  const firstLogin = firstLoginPathOf({ type: session.type, changePassword: session.changePassword });
  if (firstLogin && pathname !== firstLogin) return firstLogin;
  if (!firstLogin && pathname === firstLoginPathIn(areaOf(session.type)))
    return landingPathOf(session.type, returnPathIn(search));
  return undefined;
}
