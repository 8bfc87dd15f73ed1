import { jwtVerify, SignJWT } from 'jose';

/** The one algorithm tokens are signed and checked with; a token naming another is refused. */
const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  key: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** The claims of a well-signed, unexpired token; undefined for anything else. */
export async function readAccessToken(key: Uint8Array, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return undefined;
    return { userId, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
