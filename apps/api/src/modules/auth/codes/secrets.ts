import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A code of `digits` digits from the cryptographic generator. */
export function generateCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** Codes are short, so they are stored as a keyed hash: a copy of the table alone cannot test guesses. */
export function hashCode(pepper: Uint8Array, codeId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${codeId}:${code}`).digest('base64url');
}

export function codeMatches(pepper: Uint8Array, codeId: string, code: string, stored: string): boolean {
  const given = Buffer.from(hashCode(pepper, codeId, code));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function generateGrant(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The rules every one-time code keeps (DESIGN §5): 5 minutes, a resend after 120 s, 5 wrong tries burn it. */
export const CODE_TIMING = {
  lifetimeSeconds: 5 * 60,
  resendAfterSeconds: 120,
  wrongTriesPerCode: 5,
  wrongCodesPerDay: 10,
} as const;
