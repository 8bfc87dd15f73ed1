import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { testToken } from '../../features/auth/api.ts';
import { setCurrentUser, useCurrentUser } from '../../features/auth/current-user.ts';
import { clearStoredSession, readToken, readUserId, storeAccess } from '../../features/auth/session.ts';
import { isLeavingPage } from '../../lib/page-lifecycle.ts';
import { LoadingScreen } from '../loading-screen.tsx';
import { isRouteHandle, preloadMatched } from '../route-types.ts';
import { guardRedirect } from './guard-redirect.ts';
import { loginPathReturningTo } from './return-path.ts';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Guards every protected route: each navigation checks the stored token with the server
 * (spec §4), refreshes the stored type and privileges, then applies the route rules. Any
 * failure of the check clears the stored session and goes to login — but not a check that
 * the browser cancelled because the page is being left (a reload would otherwise log out).
 */
export function SessionGuard() {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { i18n } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check runs once per navigation (location.key) and again in a new language, whose name for the user it brings
  useEffect(() => {
    const token = readToken();
    const leave = () => {
      clearStoredSession();
      setCurrentUser(null);
      navigate(loginPathReturningTo(`${location.pathname}${location.search}`), { replace: true });
    };
    if (!token) {
      leave();
      return;
    }
    // The frame and the screen load while the token is checked, not one after the other after it.
    preloadMatched(matches);
    const controller = new AbortController();
    testToken(token, readUserId(), controller.signal)
      .then((checked) => {
        storeAccess(checked.type, checked.privileges);
        setCurrentUser({
          userId: checked.userId,
          name: checked.name,
          type: checked.type,
          privileges: checked.privileges,
          abilities: checked.abilities,
          changePassword: checked.changePassword,
        });
      })
      .catch((error: unknown) => {
        if (isAbort(error) || isLeavingPage()) return;
        leave();
      });
    return () => controller.abort();
  }, [location.key, i18n.language]);

  if (!user) return <LoadingScreen />;
  const rules = matches.flatMap((match) => (isRouteHandle(match.handle) ? [match.handle.rule] : []));
  const redirect = guardRedirect(user, rules, location.pathname, location.search);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
