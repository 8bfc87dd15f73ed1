import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';

/** The DER header of a PKCS #8 Ed25519 private key; the 32-byte seed follows it (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The centre's Ed25519 key that signs certificates (DESIGN §5 Certificates): derived from the
 * server secret, so every API process signs with the same key and a restart keeps it. The public
 * key is published on the verification page, which checks a scanned code with no network.
 */
export interface CertificateSigner {
  sign(bytes: Uint8Array): Uint8Array;
  /** The raw 32-byte public key, as Web Crypto imports it (`importKey('raw', …, 'Ed25519')`). */
  publicKeyRaw: Uint8Array;
  publicKey: KeyObject;
}

export function certificateSigner(serverSecret: string): CertificateSigner {
  const seed = Buffer.from(hkdfSync('sha256', serverSecret, 'tasreeh', 'certificate signing key', 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return {
    sign: (bytes) => new Uint8Array(sign(null, bytes, privateKey)),
    // An Ed25519 SPKI is a 12-byte header and the 32-byte key.
    publicKeyRaw: new Uint8Array(spki.subarray(spki.length - 32)),
    publicKey,
  };
}
