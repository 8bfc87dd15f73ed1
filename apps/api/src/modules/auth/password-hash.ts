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
