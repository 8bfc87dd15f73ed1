import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CertificateClaims,
  certificateClaimsBytes,
  certificateCode,
  fromBase64Url,
  readCertificateClaims,
  splitCertificateCode,
  toBase64Url,
} from './certificates.ts';

const claims: CertificateClaims = {
  serial: 'CRT-000042',
  idNumber: '2345678901',
  nameEn: 'Mohammed Rafiq',
  nameAr: 'محمد رفيق',
  courseEn: 'Food safety',
  courseAr: 'سلامة الغذاء',
  score: '86.67',
  issuedOn: '2026-11-26',
  validUntil: '2027-11-26',
};

describe('certificate claims', () => {
  it('read back what was written, Arabic included, and nothing else', () => {
    const bytes = certificateClaimsBytes(claims);
    expect(readCertificateClaims(bytes)).toEqual(claims);
    expect(readCertificateClaims(new TextEncoder().encode('["TC0","x"]'))).toBeUndefined();
    expect(readCertificateClaims(new TextEncoder().encode('not json'))).toBeUndefined();
    expect(readCertificateClaims(Uint8Array.from([0xff, 0xfe]))).toBeUndefined();
  });

  it('base64url matches Node for every length, and refuses other text', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 37 + length) & 255);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
    expect(fromBase64Url('ab+/')).toBeUndefined();
    expect(fromBase64Url('abcde')).toBeUndefined();
  });

  it('make a code whose Ed25519 signature checks, and fails once a field is changed', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const bytes = certificateClaimsBytes(claims);
    const code = certificateCode(bytes, sign(null, bytes, privateKey));
    const split = splitCertificateCode(code);
    if (!split) throw new Error('the code did not split');
    expect(verify(null, split.claimsBytes, publicKey, split.signature)).toBe(true);
    const forged = certificateClaimsBytes({ ...claims, validUntil: '2030-11-26' });
    expect(verify(null, forged, publicKey, split.signature)).toBe(false);
    expect(splitCertificateCode('abc')).toBeUndefined();
    expect(splitCertificateCode(`${toBase64Url(bytes)}.AAAA`)).toBeUndefined();
  });
});
