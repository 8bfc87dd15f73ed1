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
