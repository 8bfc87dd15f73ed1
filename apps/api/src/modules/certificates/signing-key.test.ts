import { verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateSigner } from './signing-key.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters-x9';

describe('the certificate signing key', () => {
  it('is the same for one secret, differs for another, and signs what its public key checks', () => {
    const signer = certificateSigner(SECRET);
    expect(certificateSigner(SECRET).publicKeyRaw).toEqual(signer.publicKeyRaw);
    expect(certificateSigner(`${SECRET}!`).publicKeyRaw).not.toEqual(signer.publicKeyRaw);
    expect(signer.publicKeyRaw).toHaveLength(32);
    const bytes = new TextEncoder().encode('شهادة');
    const signature = signer.sign(bytes);
    expect(signature).toHaveLength(64);
    expect(verify(null, bytes, signer.publicKey, signature)).toBe(true);
    expect(verify(null, new TextEncoder().encode('شهادات'), signer.publicKey, signature)).toBe(false);
  });
});
