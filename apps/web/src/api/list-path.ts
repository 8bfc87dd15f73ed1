/** A value of a list's query string; blanks and undefined are left out. */
export type ListParamValue = string | number | boolean | undefined;

/** `path?key=value…` of a list request, blanks left out and text trimmed. */
export function listPath<Params extends { [Key in keyof Params]: ListParamValue }>(
  path: string,
  params: Params,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries<ListParamValue>(params)) {
    if (value === undefined) continue;
    const text = String(value).trim();
    if (text) query.set(key, text);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
