import { AppError } from './app-error.ts';

/**
 * Text no column may hold: a NUL (PostgreSQL refuses it in `text`, the query fails) or an
 * unpaired UTF-16 surrogate (stored silently changed into U+FFFD).
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isInvalidText(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/**
 * The paths (dot-joined, as in the error envelope's `fields`) of every string in a parsed
 * value — keys included — that holds invalid text. Walks without recursion, so that a deeply
 * nested body cannot exhaust the stack.
 */
export function pathsOfInvalidText(value: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (isInvalidText(current)) found.push(path || '_');
    } else if (Array.isArray(current)) {
      current.forEach((entry, index) => {
        pending.push({ value: entry, path: join(path, index) });
      });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, entry] of Object.entries(current)) {
        if (isInvalidText(key)) found.push(join(path, key));
        else pending.push({ value: entry, path: join(path, key) });
      }
    }
  }
  return found.reverse();
}

/** A 400 naming each field whose text holds a NUL or an unpaired surrogate. */
export function invalidTextError(paths: readonly string[]): AppError {
  return new AppError('TEXT_INVALID_CHARACTERS', {
    status: 400,
    fields: Object.fromEntries(paths.map((path) => [path, 'TEXT_INVALID_CHARACTERS'])),
  });
}
