import { normalizeUserType, type Privilege, type UserType } from '@tasreeh/shared';
import { readCookie, removeCookie, writeCookie } from '../../lib/cookies.ts';
import { StoredPrivileges } from './answers.ts';

/** The stored session of spec §3: cookies `privileges` and `userType`, local storage `user` and `userId`. */
const TOKEN_KEY = 'user';
const USER_ID_KEY = 'userId';
const PRIVILEGES_COOKIE = 'privileges';
const USER_TYPE_COOKIE = 'userType';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function readUserId(): number | undefined {
  const stored = localStorage.getItem(USER_ID_KEY);
  if (stored === null || !/^\d+$/.test(stored)) return undefined;
  return Number(stored);
}

/** Keeps the token and user id (login, or the `/Auth/{token}` hand-off). */
export function storeCredentials(token: string, userId: number | undefined): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (userId === undefined) localStorage.removeItem(USER_ID_KEY);
  else localStorage.setItem(USER_ID_KEY, String(userId));
}

/** Keeps the user type and privileges in their half-day cookies. */
export function storeAccess(type: UserType, privileges: readonly Privilege[]): void {
  writeCookie(USER_TYPE_COOKIE, type);
  writeCookie(PRIVILEGES_COOKIE, JSON.stringify(privileges));
}

export function readStoredType(): UserType | undefined {
  return normalizeUserType(readCookie(USER_TYPE_COOKIE));
}

/** The type of the login stored in this browser, if a token is kept too (public pages check no token). */
export function readLoggedInType(): UserType | undefined {
  return readToken() ? readStoredType() : undefined;
}

export function readStoredPrivileges(): Privilege[] {
  const raw = readCookie(PRIVILEGES_COOKIE);
  if (!raw) return [];
  try {
    const parsed = StoredPrivileges.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Forgets the stored session; the language choice stays. */
export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_ID_KEY);
  removeCookie(USER_TYPE_COOKIE);
  removeCookie(PRIVILEGES_COOKIE);
}
