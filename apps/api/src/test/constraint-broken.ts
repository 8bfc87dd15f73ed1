import { expect } from 'vitest';

/** The name of the constraint a failed write broke. */
export async function constraintBroken(write: Promise<unknown>): Promise<string | undefined> {
  const error: unknown = await write.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeDefined();
  const cause = error instanceof Error && typeof error.cause === 'object' ? error.cause : error;
  return cause && typeof cause === 'object' && 'constraint' in cause
    ? String(cause.constraint)
    : String(error);
}
