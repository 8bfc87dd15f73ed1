import { dashboardPathOf, decideRoute, type Privilege, type RouteRule, type UserType } from '@tasreeh/shared';

export const LOGIN_PATH = '/login';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';
export const FIRST_LOGIN_PATH = '/corporate/change-password-first';

export interface GuardSession {
  type: UserType | undefined;
  privileges: readonly Privilege[] | undefined;
  changePassword: boolean;
}

/**
 * Where a protected navigation must go instead, or undefined to let it through. Every rule
 * on the matched route chain is checked (spec §6: a type that is not listed goes to login, a
 * missing permission to the admin dashboard); a corporate that must change its password is
 * held on the first-login screen until it has.
 */
export function guardRedirect(session: GuardSession, rules: readonly RouteRule[], pathname: string) {
  for (const rule of rules) {
    const decision = decideRoute(session, rule);
    if (decision === 'login') return LOGIN_PATH;
    if (decision === 'dashboard')
      return pathname === ADMIN_DASHBOARD_PATH ? LOGIN_PATH : ADMIN_DASHBOARD_PATH;
  }
  if (!session.type) return LOGIN_PATH;
  const mustChangePassword = session.type === 'corporate' && session.changePassword;
  if (mustChangePassword && pathname !== FIRST_LOGIN_PATH) return FIRST_LOGIN_PATH;
  if (!mustChangePassword && pathname === FIRST_LOGIN_PATH) return dashboardPathOf(session.type);
  return undefined;
}
