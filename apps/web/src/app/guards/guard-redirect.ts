import {
  type Area,
  areaOf,
  dashboardPathOf,
  decideRoute,
  type Privilege,
  type RouteRule,
  type UserType,
} from '@tasreeh/shared';

export const LOGIN_PATH = '/login';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';

/**
 * Areas with a forced first-login password change (`change-password-first`): corporates (spec §2)
 * and centres, since the super admin opens both with a generated password sent by SMS (0006).
 */
export const FIRST_LOGIN_AREAS: readonly Area[] = ['corporate', 'center'];

const firstLoginPathIn = (area: Area) => `/${area}/change-password-first`;

/** The first-login screen a login marked to change its password is held on; undefined for others. */
export function firstLoginPathOf(session: { type: UserType; changePassword: boolean }): string | undefined {
  const area = areaOf(session.type);
  return session.changePassword && FIRST_LOGIN_AREAS.includes(area) ? firstLoginPathIn(area) : undefined;
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
 * on its area's first-login screen until it has.
 */
export function guardRedirect(session: GuardSession, rules: readonly RouteRule[], pathname: string) {
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
    return dashboardPathOf(session.type);
  return undefined;
}
