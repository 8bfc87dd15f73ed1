import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are compact JWTs signed with HMAC-SHA256 (HS256), checked here with
 * `node:crypto`: the one header we write, `{"alg":"HS256"}`, is the only one accepted, so a
 * token naming another algorithm (none, HS512…) or carrying other header fields is refused
 * before its signature is even computed (decision 0009).
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

function signatureOf(key: Uint8Array, signed: string): Buffer {
  return createHmac('sha256', key).update(signed).digest();
}

export function signAccessToken(key: Uint8Array, claims: TokenClaims, expiresAt: Date): string {
  const payload = Buffer.from(
    JSON.stringify({
      sid: claims.sessionId,
      sub: String(claims.userId),
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  const signed = `${HEADER}.${payload}`;
  return `${signed}.${signatureOf(key, signed).toString('base64url')}`;
}

function payloadOf(text: string): Record<string, unknown> | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of a well-signed, unexpired token; undefined for anything else. */
export function readAccessToken(key: Uint8Array, token: string): TokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payloadText, signatureText] = parts as [string, string, string];
  if (header !== HEADER || !BASE64URL.test(payloadText) || !BASE64URL.test(signatureText)) return undefined;
  const signature = Buffer.from(signatureText, 'base64url');
  // One spelling of the 32 bytes only: no padding bits set, nothing after them.
  if (signature.length !== SIGNATURE_BYTES || signature.toString('base64url') !== signatureText)
    return undefined;
  if (!timingSafeEqual(signature, signatureOf(key, `${header}.${payloadText}`))) return undefined;
  const payload = payloadOf(payloadText);
  if (!payload) return undefined;
  const now = Date.now() / 1000;
  const { exp, nbf, sub, sid } = payload;
  if (typeof exp !== 'number' || exp <= now) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return undefined;
  const userId = Number(sub);
  if (typeof sub !== 'string' || !Number.isSafeInteger(userId) || typeof sid !== 'string') return undefined;
  return { userId, sessionId: sid };
}
