import { expect } from 'vitest';
import type { AnswerCheck } from '../api/answer-check.ts';

/** Values of every JSON kind and a few near misses, put in place of each field in turn. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  1.5,
  -1,
  true,
  false,
  [],
  [{}],
  {},
  'Super Admin',
  'nobody',
  'physical',
];

/** The answer with each of its fields missing or replaced by each odd value, and the `extra` ones. */
function variants(valid: Record<string, unknown>, extra: unknown[]): unknown[] {
  const out: unknown[] = [valid, null, [], 'answer', { ...valid, extra: 1 }, ...extra];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid;
    out.push(without);
    for (const value of ODD_VALUES) out.push({ ...valid, [key]: value });
  }
  return out;
}

/**
 * Expects a hand-made answer check to take and refuse what the shared Zod schema of the same
 * answer takes and refuses, and to give the same data: `valid` and each of its variants.
 */
export function expectSameVerdicts(
  mine: AnswerCheck<unknown>,
  shared: AnswerCheck<unknown>,
  valid: Record<string, unknown>,
  extra: unknown[] = [],
) {
  for (const value of variants(valid, extra)) {
    const expected = shared.safeParse(value);
    const actual = mine.safeParse(value);
    expect({ value, success: actual.success }).toEqual({ value, success: expected.success });
    if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
  }
}
