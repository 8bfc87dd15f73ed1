/** Half a day, the life of the session cookies (spec §9). */
export const HALF_A_DAY_SECONDS = 12 * 60 * 60;

/** Writes a cookie for path `/`, SameSite Lax, not secure (spec §9). */
export function writeCookie(name: string, value: string, maxAgeSeconds = HALF_A_DAY_SECONDS): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Firefox and Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (found === undefined) return undefined;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return undefined;
  }
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${name}=; max-age=0; path=/; SameSite=Lax`;
}
