import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id at 19 MiB and 2 passes (OWASP's floor). `algorithm: 2` is Argon2id: the package's enum is a const enum we cannot import. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so that an unknown login answers as slowly as a known one. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * A password for an account someone else opened: 12 characters from the cryptographic
 * generator with an upper- and lower-case letter, a digit and a symbol (the reset-flow rules).
 */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '@#%+=!?'];
  const all = sets.join('');
  const pick = (chars: string) => chars[randomInt(chars.length)] ?? '';
  const characters = [...sets.map(pick), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  return characters.join('');
}
