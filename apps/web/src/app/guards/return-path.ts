import { areaOf, dashboardPathOf, type UserType } from '@tasreeh/shared';

export const LOGIN_PATH = '/login';

/** The query parameter carrying the page a logged-out visitor asked for, through login and first-login change. */
export const RETURN_PARAM = 'next';

const PARSE_BASE = 'https://tasreeh.invalid';

/**
 * `path` if it is an in-app path of this origin (`/admin/students/profile/7?tab=2`), else
 * undefined. Refused: anything not starting with a single `/` (`https:…`, `//evil.com`),
 * backslashes (`/\evil.com`, which browsers read as `//`), control characters and anything the
 * URL parser would move to another origin.
 */
export function safeReturnPath(path: string | null | undefined): string | undefined {
  if (!path?.startsWith('/') || path.startsWith('//')) return undefined;
  if (/[\\\p{Cc}]/u.test(path)) return undefined;
  const url = new URL(path, PARSE_BASE);
  if (url.origin !== PARSE_BASE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that brings the visitor back to `path` (with its query) once logged in. */
export function loginPathReturningTo(path: string): string {
  const safe = safeReturnPath(path);
  if (!safe || safe === '/' || safe.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: safe })}`;
}

/** The safe return path carried in a location's query, if any. */
export function returnPathIn(search: string): string | undefined {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/**
 * Where a login of `type` lands: the page it asked for if that page is in its own area (the
 * route guard then checks the permission), else its dashboard.
 */
export function landingPathOf(type: UserType, requested: string | undefined): string {
  const areaPrefix = `/${areaOf(type)}/`;
  return requested?.startsWith(areaPrefix) ? requested : dashboardPathOf(type);
}

/** `path` with the return path kept in its query (the first-login change passes it on). */
export function withReturnPath(path: string, requested: string | undefined): string {
  return requested ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: requested })}` : path;
}
