/** Whether a database error (or the error it wraps) is PostgreSQL's unique-key violation, 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return [error, cause].some((e) => typeof e === 'object' && e !== null && 'code' in e && e.code === '23505');
}

/** The name of the unique index a violation names (PostgreSQL's `constraint` field), if any. */
export function constraintOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  for (const candidate of [error, cause]) {
    if (typeof candidate === 'object' && candidate !== null && 'constraint' in candidate) {
      return String(candidate.constraint);
    }
  }
  return undefined;
}

/**
 * Runs a write behind a check that refuses duplicates: the check first, and again when a
 * parallel write took the same unique value in between (the unique index refuses the second),
 * so that the caller gets the check's answer, never a 500.
 */
export async function writeRefusingDuplicates<T>(refuse: () => Promise<void>, write: () => Promise<T>) {
  await refuse();
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) await refuse();
    throw error;
  }
}
