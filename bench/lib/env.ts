/** A whole-number setting from the environment, or its default. */
export function readPositiveInt(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new Error(`${name} must be a whole number${allowZero ? '' : ' above 0'}, got "${raw}"`);
  }
  return value;
}
