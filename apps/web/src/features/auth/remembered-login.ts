const REMEMBERED_LOGIN_KEY = 'rememberedLogin';

/** The e-mail or ID kept by "remember me" for the next login. */
export function readRememberedLogin(): string {
  return localStorage.getItem(REMEMBERED_LOGIN_KEY) ?? '';
}

export function rememberLogin(login: string | null): void {
  if (login) localStorage.setItem(REMEMBERED_LOGIN_KEY, login);
  else localStorage.removeItem(REMEMBERED_LOGIN_KEY);
}
