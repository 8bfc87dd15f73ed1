/**
 * What a certificate's QR carries (DESIGN §5 Certificates): its key fields and the centre's
 * Ed25519 signature of them, so that an inspector's phone checks a certificate with no network.
 * The API signs (`node:crypto`), the public verification page checks (Web Crypto); both read the
 * claims through these functions, so the signed bytes are the same on both sides.
 */

/** The fields a certificate's signature covers, in their signed order. Dates are `YYYY-MM-DD`. */
export interface CertificateClaims {
  serial: string;
  idNumber: string;
  nameEn: string;
  nameAr: string;
  courseEn: string;
  courseAr: string;
  /** The score as printed, two decimals (`"86.67"`). */
  score: string;
  issuedOn: string;
  validUntil: string;
}

/** The first element of the signed array: a later layout takes another tag, and old codes still read. */
export const CERTIFICATE_CLAIMS_TAG = 'TC1';

const FIELDS = [
  'serial',
  'idNumber',
  'nameEn',
  'nameAr',
  'courseEn',
  'courseAr',
  'score',
  'issuedOn',
  'validUntil',
] as const satisfies readonly (keyof CertificateClaims)[];

/** The bytes that are signed: a JSON array, the tag then the fields in order, UTF-8. */
export function certificateClaimsBytes(claims: CertificateClaims): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify([CERTIFICATE_CLAIMS_TAG, ...FIELDS.map((field) => claims[field])]),
  );
}

/** The claims of signed bytes, or undefined when they are not a certificate's. */
export function readCertificateClaims(bytes: Uint8Array): CertificateClaims | undefined {
  let values: unknown;
  try {
    values = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length !== FIELDS.length + 1 || values[0] !== CERTIFICATE_CLAIMS_TAG) {
    return undefined;
  }
  if (!values.every((value) => typeof value === 'string')) return undefined;
  return Object.fromEntries(
    FIELDS.map((field, index) => [field, values[index + 1]]),
  ) as unknown as CertificateClaims;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (RFC 4648 §5), the same in Node and in browsers. */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[index], bytes[index + 1], bytes[index + 2]];
    const triple = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => ALPHABET[(triple >> shift) & 63]);
    text += chars.slice(0, Math.min(4, bytes.length - index + 1)).join('');
  }
  return text;
}

/** Bytes of base64url text, or undefined when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 4) {
    const chunk = text.slice(index, index + 4);
    const triple = [...chunk].reduce(
      (value, char, at) => value | (ALPHABET.indexOf(char) << (18 - 6 * at)),
      0,
    );
    bytes.push((triple >> 16) & 255);
    if (chunk.length > 2) bytes.push((triple >> 8) & 255);
    if (chunk.length > 3) bytes.push(triple & 255);
  }
  return Uint8Array.from(bytes);
}

/** The code a certificate's QR carries after `#c=` on the verification page: claims, a dot, signature. */
export function certificateCode(claimsBytes: Uint8Array, signature: Uint8Array): string {
  return `${toBase64Url(claimsBytes)}.${toBase64Url(signature)}`;
}

/** The claims' bytes and the signature of a scanned code; undefined when it is not one. */
export function splitCertificateCode(
  code: string,
): { claimsBytes: Uint8Array; signature: Uint8Array } | undefined {
  const [claims, signature, ...rest] = code.trim().split('.');
  if (claims === undefined || signature === undefined || rest.length > 0) return undefined;
  const claimsBytes = fromBase64Url(claims);
  const signatureBytes = fromBase64Url(signature);
  if (!claimsBytes || !signatureBytes || signatureBytes.length !== 64) return undefined;
  return { claimsBytes, signature: signatureBytes };
}
