import { generateKeyPairSync, sign } from 'node:crypto';
import { type CertificateClaims, centreDay, certificateClaimsBytes, certificateCode } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema/index.ts';
import { lapsedCertificate } from '../../test/certificates.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, loadCertificateClaims } from './claims.ts';
import { certificateIssuerOf, issueCertificate } from './issue.ts';
import { STATUS_CHECKS_PER_ADDRESS } from './signed-code.ts';

let t: TestApp;
let certificateId: number;
let claims: CertificateClaims;
let code: string;

beforeAll(async () => {
  t = await buildTestApp();
  const { attemptId } = await passedAttempt(t, 88);
  certificateId = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attemptId);
  const loaded = await loadCertificateClaims(t.db, certificateId);
  if (!loaded) throw new Error('no claims');
  claims = loaded.claims;
  code = codeOf(loaded.claims, loaded.signature);
});
afterAll(() => t.close());

let address = 0;
/** Each call from an address of its own unless one is named: the limit is the limit test's. */
const check = (body: unknown, remoteAddress = `10.7.0.${++address}`) =>
  t.call({ method: 'POST', url: '/api/public/certificates/status', payload: body as object, remoteAddress });

/** Signs claims with the centre's key, as a certificate the server never issued would be. */
function signedByCentre(changed: Partial<CertificateClaims>): string {
  const bytes = certificateClaimsBytes({ ...claims, ...changed });
  return certificateCode(bytes, t.app.deps.certificateSigner.sign(bytes));
}

describe('the online status check of a scanned code', () => {
  it('answers the status and validity of a code the centre signed, and nothing personal', async () => {
    const response = await check({ code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'valid', validUntil: claims.validUntil });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain(claims.idNumber);
    expect(response.body).not.toContain(claims.nameEn);
    // White space around a pasted code does not matter.
    expect((await check({ code: ` ${code}\n` })).statusCode).toBe(200);
  });

  it('tells a revoked certificate and a lapsed one, which the offline check cannot', async () => {
    try {
      await t.db
        .update(certificates)
        .set({ revokedAt: new Date(), revokedReason: 'test' })
        .where(eq(certificates.id, certificateId));
      expect((await check({ code })).json()).toEqual({ status: 'revoked', validUntil: claims.validUntil });
    } finally {
      await t.db
        .update(certificates)
        .set({ revokedAt: null, revokedReason: null })
        .where(eq(certificates.id, certificateId));
    }
    const lapsed = await loadCertificateClaims(t.db, await lapsedCertificate(t));
    if (!lapsed) throw new Error('no claims');
    expect(lapsed.claims.validUntil < centreDay(new Date())).toBe(true);
    expect((await check({ code: codeOf(lapsed.claims, lapsed.signature) })).json()).toEqual({
      status: 'expired',
      validUntil: lapsed.claims.validUntil,
    });
  });

  it('refuses a forged signature, another key, a cut signature and garbage with 400', async () => {
    const [, signature] = code.split('.');
    const other = generateKeyPairSync('ed25519');
    const otherBytes = certificateClaimsBytes(claims);
    const cases = [
      `${code.split('.')[0]?.slice(0, -2)}AA.${signature}`,
      `${Buffer.from(certificateClaimsBytes({ ...claims, validUntil: '2099-01-01' })).toString('base64url')}.${signature}`,
      certificateCode(otherBytes, new Uint8Array(sign(null, otherBytes, other.privateKey))),
      code.slice(0, -4),
      'abc',
      'a.b.c',
      '%%%.%%%',
    ];
    for (const forged of cases) {
      const response = await check({ code: forged });
      expect(response.statusCode, forged).toBe(400);
      expect(response.json().code, forged).toBe('CERTIFICATE_CODE_INVALID');
    }
    for (const body of [{}, { code: '' }, { code: 12 }, { code, other: 1 }, { code: 'x'.repeat(4001) }]) {
      expect((await check(body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });

  it('answers 404 for a good signature on a serial not on record, or on claims other than those issued', async () => {
    for (const unknown of [
      signedByCentre({ serial: 'CRT-999999' }),
      signedByCentre({ validUntil: '2099-01-01' }),
    ]) {
      const response = await check({ code: unknown });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('CERTIFICATE_NOT_FOUND');
    }
  });

  it('refuses a NUL byte anywhere in the code', async () => {
    for (const withNul of [`${code}\u0000`, `\u0000${code}`, code.replace('.', '\u0000.')]) {
      const response = await check({ code: withNul });
      expect(response.statusCode).toBe(400);
      expect(response.json().validUntil).toBeUndefined();
    }
  });

  it('answers 429 past the limit per address, good code or not, and other addresses go on', async () => {
    const limited = '10.7.9.9';
    for (let index = 0; index < STATUS_CHECKS_PER_ADDRESS; index++) {
      const body = index % 2 === 0 ? { code } : { code: 'garbage' };
      expect((await check(body, limited)).statusCode).not.toBe(429);
    }
    const refused = await check({ code }, limited);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await check({ code }, '10.7.9.10')).statusCode).toBe(200);
  });
});
