import { apiRequest } from '../../api/client.ts';
import { AnyAnswer, LoginAnswer, TestTokenAnswer } from './answers.ts';

/**
 * The calls of the first screen (login, the token check, logout), whose answers are checked
 * by hand (`answers.ts`); the password and code calls are in `password-api.ts`.
 */

/** Spec §7 login; `altcha` is the solved challenge, only when the API asked for one. */
export function login(body: { email: string; password: string; altcha?: string }) {
  return apiRequest('/auth/login', { schema: LoginAnswer, body });
}

/** Checks a token (spec §4: on every protected navigation); the bearer header is the credential. */
export function testToken(token: string, userId: number | undefined, signal?: AbortSignal) {
  return apiRequest('/auth/test-token', {
    schema: TestTokenAnswer,
    body: { token, userId },
    token,
    signal,
  });
}

export function logout() {
  return apiRequest('/auth/logout', { schema: AnyAnswer, method: 'POST' });
}
