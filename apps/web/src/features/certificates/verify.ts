import {
  type CertificateClaims,
  type CertificateStatus,
  type CertificateStatusAnswer,
  centreDay,
  fromBase64Url,
  readCertificateClaims,
  splitCertificateCode,
} from '@tasreeh/shared';
import { ApiError } from '../../api/api-error.ts';

/**
 * The offline check of a certificate's QR code (DESIGN §5 Certificates): the claims and the
 * centre's Ed25519 signature travel in the code; the browser checks the signature with Web
 * Crypto against the public key it fetched once and keeps, so an inspector's phone needs no
 * network afterwards.
 */
export type VerifyResult =
  | { kind: 'valid'; claims: CertificateClaims }
  | { kind: 'expired'; claims: CertificateClaims }
  | { kind: 'invalid' }
  | { kind: 'unsupported' };

/**
 * What the centre's records say of a code whose signature checked out, which the offline check
 * cannot know (a revoked certificate): checked online (`status`), no record of it (`unknown`),
 * the server not reached or not answering (`failed`), or no network (`offline`).
 */
export type OnlineCheck =
  | { kind: 'online'; status: CertificateStatus; validUntil: string }
  | { kind: 'unknown' }
  | { kind: 'failed' }
  | { kind: 'offline' };

/** Asks the server about a code the browser found signed; never throws. */
export async function checkOnline(
  code: string,
  ask: (code: string) => Promise<CertificateStatusAnswer>,
  online: boolean = navigator.onLine,
): Promise<OnlineCheck> {
  if (!online) return { kind: 'offline' };
  try {
    const answer = await ask(codeFromText(code));
    return { kind: 'online', status: answer.status, validUntil: answer.validUntil };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unknown' };
    return { kind: 'failed' };
  }
}

/** Where the public key is kept once fetched. */
export const PUBLIC_KEY_STORAGE = 'tasreeh.certificate-key';

/** The code in an address's fragment (`#c=…`), a pasted address, or a pasted bare code. */
export function codeFromText(text: string): string {
  const trimmed = text.trim();
  const match = trimmed.match(/[#&?]c=([A-Za-z0-9_.-]+)/);
  return match?.[1] ?? trimmed;
}

/** The bytes in a buffer of their own, as Web Crypto's types take them. */
function copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const own = new Uint8Array(new ArrayBuffer(bytes.length));
  own.set(bytes);
  return own;
}

/** Checks a code's signature with the raw public key (base64url, 32 bytes), then its validity on `today`. */
export async function verifyCertificateCode(
  code: string,
  publicKey: string,
  today = centreDay(new Date()),
): Promise<VerifyResult> {
  const split = splitCertificateCode(codeFromText(code));
  const keyBytes = fromBase64Url(publicKey);
  if (!split || !keyBytes || keyBytes.length !== 32) return { kind: 'invalid' };
  const claims = readCertificateClaims(split.claimsBytes);
  if (!claims) return { kind: 'invalid' };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', copy(keyBytes), { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { kind: 'unsupported' };
  }
  const good = await crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    copy(split.signature),
    copy(split.claimsBytes),
  );
  if (!good) return { kind: 'invalid' };
  return { kind: claims.validUntil < today ? 'expired' : 'valid', claims };
}

/** The public key kept in this browser, if any. */
export function storedPublicKey(): string | undefined {
  try {
    return localStorage.getItem(PUBLIC_KEY_STORAGE) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the public key for checks with no network. */
export function storePublicKey(publicKey: string): void {
  try {
    localStorage.setItem(PUBLIC_KEY_STORAGE, publicKey);
  } catch {
    // A private window may refuse storage: the check still works while the page is open.
  }
}
