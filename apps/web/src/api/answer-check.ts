/**
 * What checks an answer: a shared Zod schema, or a Zod Mini one on the first screen (whose
 * bundle then carries no full Zod; decision 0010).
 */
export interface AnswerCheck<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * Answers checked by hand instead of with Zod, for the screens whose bundle must not carry
 * Zod's core (the first screen, the catalogue and every list's count; decision 0010). Each such
 * check has a test holding it to the shared schema of the same answer.
 */
export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (value) => typeof value === 'string';
export const isNumber: Check<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);
export const isInteger: Check<number> = (value): value is number => Number.isSafeInteger(value);
export const isBoolean: Check<boolean> = (value) => typeof value === 'boolean';

/** One of `values` (a Zod enum's check). */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value): value is T => values.some((allowed) => allowed === value);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value);
}

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Answer<T> = AnswerCheck<T> & { is: Check<T> };

/**
 * An object with these keys, each passing its check; other keys at its top level are dropped, as
 * Zod's objects do (nested objects are kept as the API sent them).
 */
export function answer<T extends object>(shape: { [K in keyof T]: Check<T[K]> }): Answer<T> {
  const keys = Object.keys(shape) as (keyof T & string)[]; // safe: the keys of `shape`, typed by T
  const is = (value: unknown): value is T => isRecord(value) && keys.every((key) => shape[key](value[key]));
  return {
    is,
    safeParse: (value) => {
      if (!is(value)) return { success: false };
      // safe: `is` checked every key of T on `value`
      const data = Object.fromEntries(keys.map((key) => [key, (value as T)[key]])) as T;
      return { success: true, data };
    },
  };
}

/** A page of a list (the shared `listPage`): its rows, each checked by `item`, and the next cursor. */
export function pageOf<T>(item: Check<T>): Answer<{ items: T[]; nextCursor: string | null }> {
  return answer({ items: arrayOf(item), nextCursor: nullable(isString) });
}
