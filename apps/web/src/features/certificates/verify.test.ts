import {
  type CertificateClaims,
  certificateClaimsBytes,
  certificateCode,
  toBase64Url,
} from '@tasreeh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import {
  checkOnline,
  codeFromText,
  PUBLIC_KEY_STORAGE,
  storedPublicKey,
  storePublicKey,
  verifyCertificateCode,
} from './verify.ts';

const CLAIMS: CertificateClaims = {
  serial: 'CRT-000042',
  idNumber: '2123456701',
  nameEn: 'Mohammed Rahman',
  nameAr: 'محمد رحمن',
  courseEn: 'Food safety',
  courseAr: 'سلامة الغذاء',
  score: '86.67',
  issuedOn: '2026-11-26',
  validUntil: '2027-11-26',
};

let publicKey: string;
let otherKey: string;
let sign: (claims: CertificateClaims) => Promise<string>;

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  otherKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', other.publicKey)));
  sign = async (claims) => {
    const bytes = certificateClaimsBytes(claims);
    const own = new Uint8Array(new ArrayBuffer(bytes.length));
    own.set(bytes);
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, own));
    return certificateCode(bytes, signature);
  };
});

describe('checking a certificate code in the browser', () => {
  it('accepts a code the centre signed, as a bare code or inside the QR address', async () => {
    const code = await sign(CLAIMS);
    expect(await verifyCertificateCode(code, publicKey, '2026-12-01')).toEqual({
      kind: 'valid',
      claims: CLAIMS,
    });
    const address = `https://tasreeh.example/verify#c=${code}`;
    expect(codeFromText(address)).toBe(code);
    expect((await verifyCertificateCode(address, publicKey, '2027-11-26')).kind).toBe('valid');
  });

  it('calls a signed certificate past its last day expired', async () => {
    const code = await sign(CLAIMS);
    expect(await verifyCertificateCode(code, publicKey, '2027-11-27')).toEqual({
      kind: 'expired',
      claims: CLAIMS,
    });
  });

  it('refuses forged claims, another key, a cut signature and garbage', async () => {
    const code = await sign(CLAIMS);
    const [, signature] = code.split('.');
    const forged = `${toBase64Url(certificateClaimsBytes({ ...CLAIMS, score: '99.00' }))}.${signature}`;
    expect(await verifyCertificateCode(forged, publicKey, '2026-12-01')).toEqual({ kind: 'invalid' });
    const renewed = `${toBase64Url(certificateClaimsBytes({ ...CLAIMS, validUntil: '2030-01-01' }))}.${signature}`;
    expect(await verifyCertificateCode(renewed, publicKey, '2026-12-01')).toEqual({ kind: 'invalid' });
    expect(await verifyCertificateCode(code, otherKey, '2026-12-01')).toEqual({ kind: 'invalid' });
    expect(await verifyCertificateCode(code.slice(0, -4), publicKey)).toEqual({ kind: 'invalid' });
    for (const garbage of ['', 'abc', 'a.b.c', '%%%.%%%', `${code}\u0000`]) {
      expect((await verifyCertificateCode(garbage, publicKey)).kind, garbage).toBe('invalid');
    }
    expect(await verifyCertificateCode(code, 'short')).toEqual({ kind: 'invalid' });
  });

  it('keeps the public key in this browser', () => {
    localStorage.removeItem(PUBLIC_KEY_STORAGE);
    expect(storedPublicKey()).toBeUndefined();
    storePublicKey(publicKey);
    expect(storedPublicKey()).toBe(publicKey);
  });
});

describe('the online check after a good signature', () => {
  const answer = (status: 'valid' | 'expired' | 'revoked') => async () => ({
    status,
    validUntil: '2027-11-26',
  });

  it("reports the centre's status of the certificate: valid, expired or revoked", async () => {
    const asked: string[] = [];
    const code = await sign(CLAIMS);
    const check = await checkOnline(
      `https://tasreeh.example/verify#c=${code}`,
      async (sent) => {
        asked.push(sent);
        return { status: 'valid', validUntil: '2027-11-26' };
      },
      true,
    );
    expect(check).toEqual({ kind: 'online', status: 'valid', validUntil: '2027-11-26' });
    // The bare code is sent, not the address it was pasted in.
    expect(asked).toEqual([code]);
    expect(await checkOnline(code, answer('expired'), true)).toMatchObject({ status: 'expired' });
    expect(await checkOnline(code, answer('revoked'), true)).toMatchObject({ status: 'revoked' });
  });

  it('says the check was offline only with no network, without asking', async () => {
    let asked = false;
    const check = await checkOnline(
      'code',
      async () => {
        asked = true;
        return { status: 'valid', validUntil: '2027-11-26' };
      },
      false,
    );
    expect(check).toEqual({ kind: 'offline' });
    expect(asked).toBe(false);
  });

  it('tells a certificate the centre has no record of from a server it could not ask', async () => {
    const refuse = (status: number) => async () => {
      throw new ApiError(status, 'refused');
    };
    expect(await checkOnline('code', refuse(404), true)).toEqual({ kind: 'unknown' });
    expect(await checkOnline('code', refuse(429), true)).toEqual({ kind: 'failed' });
    expect(await checkOnline('code', refuse(500), true)).toEqual({ kind: 'failed' });
    const network = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkOnline('code', network, true)).toEqual({ kind: 'failed' });
  });
});
