import { generateKeyPairSync, sign } from 'node:crypto';
import { certificateClaimsBytes, certificateCode } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, sensitiveAccessLog, students } from '../../db/schema/index.ts';
import { certify, giveRegistrationPhoto, lapsedCertificate } from '../../test/certificates.ts';
import { PHOTO_JPEG } from '../../test/files.ts';
import { demoStudentId } from '../../test/paid-bookings.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, loadCertificateClaims } from './claims.ts';
import { STATUS_CHECKS_PER_ADDRESS } from './signed-code.ts';

let t: TestApp;
let studentId: number;
let withPhoto: { id: number; code: string };
let withoutPhoto: string;
let lapsed: string;

async function codeOfCertificate(id: number): Promise<string> {
  const loaded = await loadCertificateClaims(t.db, id);
  if (!loaded) throw new Error('no claims');
  return codeOf(loaded.claims, loaded.signature);
}

beforeAll(async () => {
  t = await buildTestApp();
  studentId = await demoStudentId(t);
  withoutPhoto = await codeOfCertificate(await certify(t, (await passedAttempt(t, 70)).attemptId));
  await giveRegistrationPhoto(t, studentId, PHOTO_JPEG, 'image/jpeg');
  const id = await certify(t, (await passedAttempt(t, 95)).attemptId);
  withPhoto = { id, code: await codeOfCertificate(id) };
  lapsed = await codeOfCertificate(await lapsedCertificate(t));
  await t.db.update(students).set({ photoFileId: null }).where(eq(students.id, studentId));
});
afterAll(() => t.close());

let address = 0;
const photo = (body: unknown, remoteAddress = `10.4.0.${++address}`) =>
  t.call({ method: 'POST', url: '/api/public/certificates/photo', payload: body as object, remoteAddress });

describe('POST /api/public/certificates/photo', () => {
  it('answers the photo a certificate in force kept, to whoever holds its signed code, and logs the reading', async () => {
    const response = await photo({ code: withPhoto.code });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PHOTO_JPEG)).toBe(true);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, withPhoto.id));
    const log = await t.db
      .select()
      .from(sensitiveAccessLog)
      .where(eq(sensitiveAccessLog.fileId, row?.photoFileId ?? ''));
    expect(log.at(-1)).toMatchObject({
      userId: null,
      studentId,
      subject: 'photo',
      purpose: 'certificate-check',
    });
  });

  it('refuses a forged or garbled code (400), a code signed by the key but not on record (404), and a bad body', async () => {
    const [claims] = withPhoto.code.split('.');
    const other = generateKeyPairSync('ed25519');
    const loaded = await loadCertificateClaims(t.db, withPhoto.id);
    if (!loaded) throw new Error('no claims');
    const otherKey = certificateClaimsBytes(loaded.claims);
    const forged = [
      `${claims}.${Buffer.alloc(64).toString('base64url')}`,
      certificateCode(otherKey, new Uint8Array(sign(null, otherKey, other.privateKey))),
      withPhoto.code.slice(0, -3),
      'garbage',
    ];
    for (const code of forged) {
      const response = await photo({ code });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe('CERTIFICATE_CODE_INVALID');
    }
    const unknownBytes = certificateClaimsBytes({ ...loaded.claims, serial: 'CRT-999999' });
    const unknown = await photo({
      code: certificateCode(unknownBytes, t.app.deps.certificateSigner.sign(unknownBytes)),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CERTIFICATE_NOT_FOUND');
    for (const body of [
      {},
      { code: withPhoto.code, id: withPhoto.id },
      { code: `${withPhoto.code}\u0000` },
    ]) {
      expect((await photo(body)).statusCode, JSON.stringify(body).slice(0, 30)).toBe(400);
    }
    // Never by an id: there is no such route.
    const byId = await t.call({ method: 'GET', url: `/api/public/certificates/photo?id=${withPhoto.id}` });
    expect(byId.statusCode).toBe(404);
  });

  it('shows no photo of a certificate that is not in force (410) or has none (404)', async () => {
    const expired = await photo({ code: lapsed });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('CERTIFICATE_NOT_IN_FORCE');
    const none = await photo({ code: withoutPhoto });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('CERTIFICATE_NO_PHOTO');

    await t.db
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(certificates.id, withPhoto.id));
    try {
      const revoked = await photo({ code: withPhoto.code }, '10.4.9.1');
      expect(revoked.statusCode).toBe(410);
      expect(revoked.rawPayload.includes(PHOTO_JPEG)).toBe(false);
      const arabic = await t.call({
        method: 'POST',
        url: '/api/public/certificates/photo',
        payload: { code: withPhoto.code },
        lang: 'ar',
        remoteAddress: '10.4.9.2',
      });
      expect(arabic.json().message).toBe('هذه الشهادة غير سارية، لذلك لا تُعرض صورة حاملها.');
    } finally {
      await t.db
        .update(certificates)
        .set({ revokedAt: null, revokedReason: null })
        .where(eq(certificates.id, withPhoto.id));
    }
  });

  it('answers 429 past the limit per address, good code or not', async () => {
    const limited = '10.4.8.8';
    for (let index = 0; index < STATUS_CHECKS_PER_ADDRESS; index++) {
      const body = index % 2 === 0 ? { code: withPhoto.code } : { code: 'garbage' };
      expect((await photo(body, limited)).statusCode).not.toBe(429);
    }
    const refused = await photo({ code: withPhoto.code }, limited);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await photo({ code: withPhoto.code }, '10.4.8.9')).statusCode).toBe(200);
  });
});
