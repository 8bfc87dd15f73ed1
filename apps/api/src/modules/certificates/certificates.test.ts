import { createPublicKey, verify } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
  certificateClaimsBytes,
  fromBase64Url,
  readCertificateClaims,
  splitCertificateCode,
} from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificates,
  scheduledSessions,
  sensitiveAccessLog,
  students,
  users,
} from '../../db/schema/index.ts';
import { qrSvg } from '../../lib/bilingual-pdf.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { giveRegistrationPhoto, lapsedCertificate } from '../../test/certificates.ts';
import { solvedChallenge } from '../../test/challenge.ts';
import { demoCorporateId, demoStudentId } from '../../test/paid-bookings.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf, issueCertificate } from './issue.ts';
import { PUBLIC_INQUIRIES_PER_ADDRESS, verifyUrlOf } from './service.ts';

let t: TestApp;
let certificateId: number;
let serial: string;
let sessionId: number;
let student: { token: string; userId: number };
let idNumber: string;

/** A submitted, passed attempt of a new booking of the demo student, and its certificate. */
async function certify(score: number): Promise<{ id: number; sessionId: number }> {
  const { attemptId, sessionId } = await passedAttempt(t, score);
  return { id: await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attemptId), sessionId };
}

/** A real 2×2 PNG (red), which Typst decodes. */
function realPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ id: certificateId, sessionId } = await certify(86.67));
  const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificateId));
  serial = row?.serial ?? '';
  student = await t.loginAs('student');
  const [user] = await t.db.select().from(users).where(eq(users.id, student.userId));
  idNumber = user?.idNumber ?? '';
  expect(idNumber).toMatch(/^\d{10}$/);
});
afterAll(() => t.close());

async function publicKey() {
  const response = await t.call({ method: 'GET', url: '/api/public/certificate-key' });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ algorithm: string; publicKey: string }>();
  expect(body.algorithm).toBe('Ed25519');
  expect(fromBase64Url(body.publicKey)).toHaveLength(32);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: body.publicKey }, format: 'jwk' });
}

describe('a certificate for its holder, their corporate and staff', () => {
  it('shows the holder their certificate with a code the published key verifies', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/certificates/${certificateId}`,
      token: student.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      serial,
      score: '86.67',
      status: 'valid',
      nameEn: 'Mohammed Rahman',
      idNumber,
    });
    const split = splitCertificateCode(body.code);
    if (!split) throw new Error('no code');
    expect(readCertificateClaims(split.claimsBytes)).toMatchObject({ serial, nameAr: 'محمد رحمن' });
    expect(verify(null, split.claimsBytes, await publicKey(), split.signature)).toBe(true);
    // A forged claim does not verify.
    const forged = certificateClaimsBytes({ ...readCertificateClaims(split.claimsBytes)!, score: '99.00' });
    expect(verify(null, forged, await publicKey(), split.signature)).toBe(false);

    const list = await t.call({ method: 'GET', url: '/api/certificates', token: student.token });
    expect(list.json().items.map((item: { id: number }) => item.id)).toContain(certificateId);
  });

  it('shows it to the corporate of the student only, and never to instructors or staff without scores or health-check', async () => {
    const corporate = await t.loginAs('corporate');
    const url = `/api/certificates/${certificateId}`;
    expect((await t.call({ method: 'GET', url, token: corporate.token })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/certificates', token: corporate.token })).json().items,
    ).toEqual([]);
    const studentId = await demoStudentId(t);
    await t.db
      .update(students)
      .set({ corporateId: await demoCorporateId(t) })
      .where(eq(students.id, studentId));
    try {
      expect((await t.call({ method: 'GET', url, token: corporate.token })).statusCode).toBe(200);
      const list = await t.call({ method: 'GET', url: '/api/certificates', token: corporate.token });
      expect(list.json().items.map((item: { id: number }) => item.id)).toContain(certificateId);
    } finally {
      await t.db.update(students).set({ corporateId: null }).where(eq(students.id, studentId));
    }
    for (const type of ['Instructor', 'Examiner', 'CFO'] as const) {
      const { token } = await t.loginAs(type);
      expect((await t.call({ method: 'GET', url, token })).statusCode, type).toBe(403);
      expect((await t.call({ method: 'GET', url: `${url}/pdf`, token })).statusCode, type).toBe(403);
    }
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/certificates/abc', token: student.token })).statusCode,
    ).toBe(400);
  });

  it('lets staff of the exam branch with health-check see it, not staff of another branch', async () => {
    const teller = await t.loginAs('Teller');
    const admin = await t.loginAs('super admin');
    const url = `/api/certificates/${certificateId}`;
    expect((await t.call({ method: 'GET', url, token: teller.token })).statusCode).toBe(200);
    const [session] = await t.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, sessionId));
    if (!session) throw new Error('no session');
    await t.db
      .update(scheduledSessions)
      .set({ branchId: await branchIdOf(t, 'JED-01') })
      .where(eq(scheduledSessions.id, sessionId));
    try {
      expect((await t.call({ method: 'GET', url, token: teller.token })).statusCode).toBe(404);
      const search = await t.call({
        method: 'GET',
        url: `/api/certificates/search?number=${serial}`,
        token: teller.token,
      });
      expect(search.statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url, token: admin.token })).statusCode).toBe(200);
    } finally {
      await t.db
        .update(scheduledSessions)
        .set({ branchId: session.branchId })
        .where(eq(scheduledSessions.id, sessionId));
    }
  });
});

describe('the holder list', () => {
  it('pages newest first with a cursor, without repeating or skipping, and refuses a forged cursor', async () => {
    await certify(75);
    await certify(80);
    const first = await t.call({ method: 'GET', url: '/api/certificates?limit=2', token: student.token });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ items: { id: number; issuedOn: string }[]; nextCursor: string | null }>();
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toBeTruthy();
    const rest = await t.call({
      method: 'GET',
      url: `/api/certificates?limit=100&cursor=${page.nextCursor}`,
      token: student.token,
    });
    const restPage = rest.json<{ items: { id: number }[]; nextCursor: string | null }>();
    expect(restPage.nextCursor).toBeNull();
    const ids = [...page.items, ...restPage.items].map((item) => item.id);
    const owned = await t.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.studentId, await demoStudentId(t)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(owned.map((row) => row.id).sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(ids[1] ?? 0);
    for (const query of ['cursor=garbage', 'limit=0', 'limit=101', 'other=1']) {
      const response = await t.call({
        method: 'GET',
        url: `/api/certificates?${query}`,
        token: student.token,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('the certificate PDF', () => {
  it('is an A4 PDF with the serial, the names (Arabic shaped), the photo read and logged, and the QR of the verify page', async () => {
    const studentId = await demoStudentId(t);
    // The photo the certificate keeps is the one the holder had when it was issued.
    await giveRegistrationPhoto(t, studentId, realPng(), 'image/png');
    const { id: withPhoto } = await certify(86.67);
    await t.db.update(students).set({ photoFileId: null }).where(eq(students.id, studentId));
    const [issued] = await t.db.select().from(certificates).where(eq(certificates.id, withPhoto));
    const before = await t.db
      .select()
      .from(sensitiveAccessLog)
      .where(eq(sensitiveAccessLog.studentId, studentId));

    const response = await t.call({
      method: 'GET',
      url: `/api/certificates/${withPhoto}/pdf`,
      token: student.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\+NotoNaskhArabic-(Regular|Bold)/);
    expect(raw).toMatch(/MediaBox\s*\[\s*0\s+0\s+595\.\d+\s+841\.\d+\s*\]/);
    expect(raw).toContain('/Subtype /Image');
    const { text, glyphsPerChar } = readPdfText(pdf);
    expect(text).toContain(issued?.serial ?? 'no serial');
    expect(text).toContain('Mohammed Rahman');
    expect(text).toContain(idNumber);
    expect(text).toContain('محمد');
    // Shaped: the Arabic font draws the name's letters, some of them in more than one form.
    const arabic = [...glyphsPerChar].filter(([font]) => font.includes('NotoNaskhArabic'));
    const forms = new Map<string, number>();
    for (const [, counts] of arabic)
      for (const [char, n] of counts) forms.set(char, (forms.get(char) ?? 0) + n);
    for (const letter of 'محمدرن') expect(forms.get(letter), letter).toBeGreaterThan(0);
    expect(Math.max(...[...'محمدرن'].map((letter) => forms.get(letter) ?? 0))).toBeGreaterThan(1);

    const after = await t.db
      .select()
      .from(sensitiveAccessLog)
      .where(eq(sensitiveAccessLog.studentId, studentId));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      subject: 'photo',
      purpose: 'certificate',
      fileId: issued?.photoFileId,
      userId: student.userId,
    });
  });

  it('prints as QR the verify address whose code the public key verifies', async () => {
    const body = (
      await t.call({ method: 'GET', url: `/api/certificates/${certificateId}`, token: student.token })
    ).json();
    const url = verifyUrlOf('https://tasreeh.example', body.code);
    expect(url).toBe(`https://tasreeh.example/verify#c=${body.code}`);
    const code = new URL(url).hash.replace(/^#c=/, '');
    const split = splitCertificateCode(code);
    if (!split) throw new Error('no code');
    expect(verify(null, split.claimsBytes, await publicKey(), split.signature)).toBe(true);
    // The QR's modules are those of exactly this text.
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const svg = (await qrSvg(url)).toString();
    expect(svg).toContain(`viewBox="0 0 ${expected.modules.size} ${expected.modules.size}"`);
    expect(svg).toBe(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }));
  });
});

describe('the public inquiry', () => {
  const inquiry = (query: string, remoteAddress?: string) =>
    t.call({ method: 'GET', url: `/api/public/certificates?${query}`, remoteAddress });

  it('asks for a solved challenge, and spends it once', async () => {
    const none = await inquiry(`number=${serial}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('CHALLENGE_REQUIRED');
    const altcha = await solvedChallenge(t);
    expect((await inquiry(`number=${serial}&altcha=${encodeURIComponent(altcha)}`)).statusCode).toBe(200);
    const again = await inquiry(`number=${serial}&altcha=${encodeURIComponent(altcha)}`);
    expect(again.statusCode).toBe(400);
  });

  it('shows only masked name and ID, with status and validity, by number or ID number', async () => {
    for (const query of [`number=${serial.toLowerCase()}`, `idNumber=${idNumber}`]) {
      const altcha = await solvedChallenge(t);
      const response = await inquiry(`${query}&altcha=${encodeURIComponent(altcha)}`);
      expect(response.statusCode, query).toBe(200);
      const item = response.json().items.find((row: { serial: string }) => row.serial === serial);
      expect(item).toMatchObject({
        maskedNameEn: 'M*** R***',
        maskedNameAr: 'م*** ر***',
        maskedIdNumber: `${idNumber[0]}*******${idNumber.slice(-2)}`,
        status: 'valid',
      });
      expect(Object.keys(item).sort()).toEqual(
        [
          'courseAr',
          'courseEn',
          'issuedOn',
          'maskedIdNumber',
          'maskedNameAr',
          'maskedNameEn',
          'serial',
          'status',
          'validUntil',
        ].sort(),
      );
      expect(response.body).not.toContain('Mohammed');
      expect(response.body).not.toContain('محمد');
      expect(response.body).not.toContain(idNumber);
    }
  });

  it('answers an unknown number and an ID number without a certificate alike, and refuses garbage', async () => {
    for (const query of ['number=CRT-999999', 'idNumber=1000000008']) {
      const altcha = await solvedChallenge(t);
      const response = await inquiry(`${query}&altcha=${encodeURIComponent(altcha)}`, '10.9.0.1');
      expect(response.statusCode, query).toBe(404);
      expect(response.json().code).toBe('CERTIFICATE_NOT_FOUND');
    }
    for (const query of [
      'number=CRT%00001',
      'number=abc',
      `number=${serial}&idNumber=${idNumber}`,
      '',
      'other=1',
    ]) {
      expect((await inquiry(query, '10.9.0.2')).statusCode, query).toBe(400);
    }
  });

  it('shows a revoked certificate as revoked and a lapsed one as expired', async () => {
    await t.db
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(certificates.id, certificateId));
    const teller = await t.loginAs('Teller');
    const search = (number: string) =>
      t.call({ method: 'GET', url: `/api/certificates/search?number=${number}`, token: teller.token });
    try {
      expect((await search(serial)).json().items[0].status).toBe('revoked');
    } finally {
      await t.db
        .update(certificates)
        .set({ revokedAt: null, revokedReason: null })
        .where(eq(certificates.id, certificateId));
    }
    const [lapsed] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, await lapsedCertificate(t)));
    expect((await search(lapsed?.serial ?? '')).json().items[0].status).toBe('expired');
  });

  it('answers 429 past the limit per address, challenge or not', async () => {
    const address = '10.9.9.9';
    for (let index = 0; index < PUBLIC_INQUIRIES_PER_ADDRESS; index++) {
      expect((await inquiry(`number=${serial}`, address)).statusCode).toBe(400);
    }
    const altcha = await solvedChallenge(t);
    const limited = await inquiry(`number=${serial}&altcha=${encodeURIComponent(altcha)}`, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await inquiry(`number=${serial}`, '10.9.9.10')).statusCode).toBe(400);
  });
});

describe('the public inquiry under parallel calls', () => {
  const inquiry = (query: string, remoteAddress: string) =>
    t.call({ method: 'GET', url: `/api/public/certificates?${query}`, remoteAddress });

  it('spends one solution once however many calls carry it at the same time', async () => {
    const altcha = encodeURIComponent(await solvedChallenge(t));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        inquiry(`number=${serial}&altcha=${altcha}`, `10.8.0.${index + 1}`),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(400)]);
  });

  it('lets exactly the limit through from one address, the rest 429, none 500', async () => {
    const extra = 10;
    const answers = await Promise.all(
      Array.from({ length: PUBLIC_INQUIRIES_PER_ADDRESS + extra }, () =>
        inquiry(`number=${serial}`, '10.8.1.1'),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(PUBLIC_INQUIRIES_PER_ADDRESS);
    expect(codes.filter((code) => code === 429)).toHaveLength(extra);
  });
});

describe('health-check, the staff inquiry', () => {
  it('finds by number or ID number with full names for read_20, no challenge', async () => {
    const teller = await t.loginAs('Teller');
    for (const query of [`number=${serial}`, `idNumber=${idNumber}`]) {
      const response = await t.call({
        method: 'GET',
        url: `/api/certificates/search?${query}`,
        token: teller.token,
      });
      expect(response.statusCode, query).toBe(200);
      expect(response.json().items.find((item: { id: number }) => item.id === certificateId)).toMatchObject({
        nameEn: 'Mohammed Rahman',
        nameAr: 'محمد رحمن',
        idNumber,
        serial,
      });
    }
    const unknown = await t.call({
      method: 'GET',
      url: '/api/certificates/search?number=CRT-999999',
      token: teller.token,
    });
    expect(unknown.statusCode).toBe(404);
    for (const type of ['student', 'CFO', 'Examiner'] as const) {
      const { token } = await t.loginAs(type);
      const response = await t.call({
        method: 'GET',
        url: `/api/certificates/search?number=${serial}`,
        token,
      });
      expect(response.statusCode, type).toBe(403);
    }
  });
});
