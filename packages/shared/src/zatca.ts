/**
 * ZATCA simplified tax invoice QR, phase 1 (reference/saudi-reference.md): Base64 of TLV fields,
 * each one byte of tag, one byte of the value's length in UTF-8 **bytes**, then the value's
 * bytes. Counting characters instead of bytes breaks Arabic seller names. No Node APIs: the web
 * reads it too.
 */
export interface ZatcaFields {
  /** Tag 1. */
  sellerName: string;
  /** Tag 2: the seller's 15-digit VAT registration number. */
  vatNumber: string;
  /** Tag 3: ISO 8601 instant. */
  timestamp: string;
  /** Tag 4: total with VAT, riyals with two places ("230.00"). */
  total: string;
  /** Tag 5: VAT total ("30.00"). */
  vatTotal: string;
}

const ORDER = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vatTotal'] as const;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[(n >> 18) & 63];
    out += BASE64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
}

function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new Error('not Base64');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    buffer = (buffer << 6) | BASE64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 255);
    }
  }
  return Uint8Array.from(bytes);
}

/** The Base64 TLV of the five fields; a value longer than 255 UTF-8 bytes is refused. */
export function encodeZatcaQr(fields: ZatcaFields): string {
  const encoder = new TextEncoder();
  const parts: number[] = [];
  ORDER.forEach((name, index) => {
    const value = encoder.encode(fields[name]);
    if (value.length > 255) throw new Error(`ZATCA field ${name} is longer than 255 bytes`);
    parts.push(index + 1, value.length, ...value);
  });
  return toBase64(Uint8Array.from(parts));
}

/** Reads a Base64 TLV back into its fields (tags 1–5); throws on a malformed one. */
export function decodeZatcaQr(qr: string): ZatcaFields {
  const bytes = fromBase64(qr);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const found: Partial<Record<(typeof ORDER)[number], string>> = {};
  let offset = 0;
  while (offset < bytes.length) {
    const tag = bytes[offset];
    const length = bytes[offset + 1];
    if (tag === undefined || length === undefined || offset + 2 + length > bytes.length) {
      throw new Error('truncated TLV');
    }
    const name = ORDER[tag - 1];
    const value = decoder.decode(bytes.subarray(offset + 2, offset + 2 + length));
    if (name) found[name] = value;
    offset += 2 + length;
  }
  for (const name of ORDER) if (found[name] === undefined) throw new Error(`missing ZATCA field ${name}`);
  return found as ZatcaFields;
}
