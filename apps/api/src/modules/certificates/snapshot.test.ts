import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificates,
  examCheckinPhotos,
  files,
  sensitiveAccessLog,
  students,
  users,
} from '../../db/schema/index.ts';
import { certify, giveLiveCheckinPhoto, giveRegistrationPhoto } from '../../test/certificates.ts';
import { OTHER_PHOTO_JPEG, PHOTO_JPEG, PHOTO_WEBP, putFile } from '../../test/files.ts';
import { demoStudentId } from '../../test/paid-bookings.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sweepExpiredCheckinPhotos } from '../exam-checkins/index.ts';
import { FileKind, sweepOrphanFiles } from '../files/index.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
let student: { token: string; userId: number };
let admin: string;
let studentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  student = await t.loginAs('student');
  admin = (await t.loginAs('super admin')).token;
  studentId = await demoStudentId(t);
});
afterAll(() => t.close());

/** The demo student has no photo between tests: each test gives the one it needs. */
async function withoutPhoto() {
  await t.db.update(students).set({ photoFileId: null }).where(eq(students.id, studentId));
}

async function pdfOf(id: number): Promise<Buffer> {
  const response = await t.call({ method: 'GET', url: `/api/certificates/${id}/pdf`, token: student.token });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function certificateOf(id: number) {
  const response = await t.call({ method: 'GET', url: `/api/certificates/${id}`, token: student.token });
  expect(response.statusCode).toBe(200);
  return response.json<{ code: string; nameEn: string; nameAr: string; idNumber: string; serial: string }>();
}

function statusOnline(code: string) {
  return t.call({
    method: 'POST',
    url: '/api/public/certificates/status',
    payload: { code },
    remoteAddress: `10.6.0.${Math.floor(Math.random() * 200) + 1}`,
  });
}

describe('a certificate states what was true when it was issued', () => {
  it("keeps the holder's names and ID number of its issue: renamed later, the PDF prints the old ones and the QR code still checks online", async () => {
    const { attemptId } = await passedAttempt(t, 88);
    const id = await certify(t, attemptId);
    const issued = await certificateOf(id);
    const [profile] = await t.db.select().from(users).where(eq(users.id, student.userId));
    if (!profile) throw new Error('no profile');
    await t.db
      .update(users)
      .set({ nameEn: 'Renamed Person', nameAr: 'اسم جديد', idNumber: '2999999994' })
      .where(eq(users.id, student.userId));
    try {
      const after = await certificateOf(id);
      expect(after).toMatchObject({
        nameEn: 'Mohammed Rahman',
        nameAr: 'محمد رحمن',
        idNumber: profile.idNumber,
        code: issued.code,
      });
      // The code of the certificate as read now is the one signed at issue: the online check says valid.
      const online = await statusOnline(after.code);
      expect(online.statusCode).toBe(200);
      expect(online.json().status).toBe('valid');

      const { text } = readPdfText(await pdfOf(id));
      expect(text).toContain('Mohammed Rahman');
      expect(text).toContain(profile.idNumber ?? '');
      expect(text).toContain('محمد');
      expect(text).not.toContain('Renamed Person');
      expect(text).not.toContain('2999999994');

      // Staff find it by the ID number it states, not by the profile's new one.
      const search = (idNumber: string) =>
        t.call({ method: 'GET', url: `/api/certificates/search?idNumber=${idNumber}`, token: admin });
      expect((await search('2999999994')).statusCode).toBe(404);
      const found = await search(profile.idNumber ?? '');
      expect(found.json().items.map((item: { id: number }) => item.id)).toContain(id);
    } finally {
      await t.db
        .update(users)
        .set({ nameEn: profile.nameEn, nameAr: profile.nameAr, idNumber: profile.idNumber })
        .where(eq(users.id, student.userId));
    }
  });

  it('prints the registration photo it kept at issue, and a later profile photo does not change it', async () => {
    const registered = await giveRegistrationPhoto(t, studentId, PHOTO_JPEG, 'image/jpeg');
    try {
      const { attemptId } = await passedAttempt(t, 90);
      const id = await certify(t, attemptId);
      const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
      const [kept] = await t.db
        .select()
        .from(files)
        .where(eq(files.id, row?.photoFileId ?? randomUUID()));
      // A copy of its own, owned by the holder, not the profile's file.
      expect(kept).toMatchObject({
        kind: 'certificate-photo',
        ownerUserId: student.userId,
        mimeType: 'image/jpeg',
      });
      expect(kept?.id).not.toBe(registered);
      // Typst embeds a JPEG's bytes as they are: the PDF shows which photo it printed.
      expect((await pdfOf(id)).includes(PHOTO_JPEG)).toBe(true);

      const replaced = await putFile(t, {
        url: `/api/students/${studentId}/attachments/photo`,
        bytes: OTHER_PHOTO_JPEG,
        token: admin,
      });
      expect(replaced.statusCode).toBe(200);
      const pdf = await pdfOf(id);
      expect(pdf.includes(PHOTO_JPEG)).toBe(true);
      expect(pdf.includes(OTHER_PHOTO_JPEG)).toBe(false);

      const log = await t.db
        .select()
        .from(sensitiveAccessLog)
        .where(eq(sensitiveAccessLog.fileId, kept?.id ?? ''));
      expect(log.at(-1)).toMatchObject({ subject: 'photo', purpose: 'certificate', userId: student.userId });
    } finally {
      await withoutPhoto();
    }
  });

  it("prefers the live photo of the sitting's check-in to the registration photo", async () => {
    await giveRegistrationPhoto(t, studentId, OTHER_PHOTO_JPEG, 'image/jpeg');
    try {
      const { attemptId, bookingId } = await passedAttempt(t, 85);
      await giveLiveCheckinPhoto(t, bookingId, PHOTO_JPEG, 'image/jpeg');
      const pdf = await pdfOf(await certify(t, attemptId));
      expect(pdf.includes(PHOTO_JPEG)).toBe(true);
      expect(pdf.includes(OTHER_PHOTO_JPEG)).toBe(false);
    } finally {
      await withoutPhoto();
    }
  });

  it('prints a WEBP photo too (the registration form takes JPEG, PNG and WEBP)', async () => {
    await giveRegistrationPhoto(t, studentId, PHOTO_WEBP, 'image/webp');
    try {
      const { attemptId } = await passedAttempt(t, 81);
      const raw = (await pdfOf(await certify(t, attemptId))).toString('latin1');
      expect(raw).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 12\b|\/Width 12\b[\s\S]*?\/Subtype \/Image/);
    } finally {
      await withoutPhoto();
    }
  });

  it('keeps its photo through the check-in photo retention sweep and the orphan-file sweep', async () => {
    const { attemptId, bookingId } = await passedAttempt(t, 92);
    const livePhoto = await giveLiveCheckinPhoto(t, bookingId, PHOTO_JPEG, 'image/jpeg');
    const id = await certify(t, attemptId);
    const later = new Date(Date.now() + 400 * DAY_MS);

    expect(await sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 1, later)).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.select().from(examCheckinPhotos).where(eq(examCheckinPhotos.bookingId, bookingId)),
    ).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.id, livePhoto))).toEqual([]);
    const quiet = { error: () => undefined };
    for (const kind of [FileKind.certificatePhoto, FileKind.checkin('live'), FileKind.student('photo')]) {
      await sweepOrphanFiles(t.db, t.app.deps.files, quiet, { kind, now: later });
    }

    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    const [kept] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, row?.photoFileId ?? randomUUID()));
    expect(kept?.kind).toBe('certificate-photo');
    expect((await t.app.deps.files.read(kept?.storageKey ?? '')).equals(PHOTO_JPEG)).toBe(true);
    expect((await pdfOf(id)).includes(PHOTO_JPEG)).toBe(true);
  });

  it('is refused by the database when anything it states is changed; only its revocation changes', async () => {
    const { attemptId } = await passedAttempt(t, 77);
    const id = await certify(t, attemptId);
    const changes = [
      { holderNameEn: 'Someone Else' },
      { holderIdNumber: '1000000008' },
      { courseNameAr: 'دورة أخرى' },
      { score: 99 },
      { validUntil: '2099-12-31' },
      { signature: 'forged' },
      { photoFileId: null, holderNameAr: 'آخر' },
    ];
    for (const change of changes) {
      await expect(
        t.db.update(certificates).set(change).where(eq(certificates.id, id)),
        JSON.stringify(change),
      ).rejects.toThrow();
    }
    await t.db
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(certificates.id, id));
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row).toMatchObject({ holderNameEn: 'Mohammed Rahman', revokedReason: 'test' });
  });
});
