import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, permissionGroups, scheduledSessions, users } from '../../db/schema/index.ts';
import { branchIdOf, groupIdOf } from '../../test/accounts.ts';
import { certify, giveRegistrationPhoto } from '../../test/certificates.ts';
import { OTHER_PHOTO_JPEG, PHOTO_JPEG } from '../../test/files.ts';
import { demoStudentId } from '../../test/paid-bookings.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf, issueCertificate } from './issue.ts';

let t: TestApp;
let admin: string;
let student: { token: string; userId: number };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  student = await t.loginAs('student');
});
afterAll(() => t.close());

async function newCertificate(): Promise<{ id: number; sessionId: number; attemptId: number }> {
  const { attemptId, sessionId } = await passedAttempt(t, 90);
  return { id: await certify(t, attemptId), sessionId, attemptId };
}

function reissue(id: number | string, token: string | undefined, payload: unknown, lang?: 'en' | 'ar') {
  return t.call({
    method: 'POST',
    url: `/api/certificates/${id}/reissue`,
    ...(token ? { token } : {}),
    ...(lang ? { lang } : {}),
    payload: payload as object,
    headers: { 'idempotency-key': randomUUID() },
  });
}

function statusOnline(code: string) {
  return t.call({
    method: 'POST',
    url: '/api/public/certificates/status',
    payload: { code },
    remoteAddress: `10.5.0.${Math.floor(Math.random() * 200) + 1}`,
  });
}

async function renamed<T>(names: { nameEn: string; nameAr: string }, work: () => Promise<T>): Promise<T> {
  const [profile] = await t.db.select().from(users).where(eq(users.id, student.userId));
  await t.db.update(users).set(names).where(eq(users.id, student.userId));
  try {
    return await work();
  } finally {
    await t.db
      .update(users)
      .set({ nameEn: profile?.nameEn ?? '', nameAr: profile?.nameAr ?? '' })
      .where(eq(users.id, student.userId));
  }
}

describe('POST /api/certificates/:id/reissue', () => {
  it('issues a new number from the corrected profile for the same pass, and revokes the old one as "reissued", linked to it', async () => {
    const { id, attemptId } = await newCertificate();
    const old = (
      await t.call({ method: 'GET', url: `/api/certificates/${id}`, token: student.token })
    ).json();
    const response = await renamed({ nameEn: 'Mohammed Abdul Rahman', nameAr: 'محمد عبد الرحمن' }, () =>
      reissue(id, admin, { reason: 'Name misspelt at registration' }),
    );
    expect(response.statusCode).toBe(200);
    const fresh = response.json();
    expect(fresh).toMatchObject({
      nameEn: 'Mohammed Abdul Rahman',
      nameAr: 'محمد عبد الرحمن',
      idNumber: old.idNumber,
      courseEn: old.courseEn,
      score: old.score,
      issuedOn: old.issuedOn,
      validUntil: old.validUntil,
      status: 'valid',
      reissueOf: { id, serial: old.serial },
      reissuedAs: null,
      message: 'The certificate has been reissued with a new number. The old number is revoked.',
    });
    expect(fresh.serial).toMatch(/^CRT-\d{6}$/);
    expect(fresh.serial).not.toBe(old.serial);

    // The name correction is back in the profile; the new certificate keeps what it was issued with.
    const now = (
      await t.call({ method: 'GET', url: `/api/certificates/${id}`, token: student.token })
    ).json();
    expect(now).toMatchObject({
      serial: old.serial,
      nameEn: 'Mohammed Rahman',
      status: 'revoked',
      revokedReason: 'reissued',
      reissuedAs: { id: fresh.id, serial: fresh.serial },
    });
    const later = (
      await t.call({ method: 'GET', url: `/api/certificates/${fresh.id}`, token: student.token })
    ).json();
    expect(later.nameEn).toBe('Mohammed Abdul Rahman');
    expect((await statusOnline(old.code)).json().status).toBe('revoked');
    expect((await statusOnline(fresh.code)).json()).toEqual({ status: 'valid', validUntil: old.validUntil });

    // The attempt's certificate is the new one now (results, the candidate's exams, a repeated issue).
    expect(await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attemptId)).toBe(fresh.id);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.reissue'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ serial: old.serial, nameEn: 'Mohammed Rahman' });
    expect(audit[0]?.after).toMatchObject({
      reason: 'Name misspelt at registration',
      reissuedAs: { id: fresh.id, serial: fresh.serial },
      nameEn: 'Mohammed Abdul Rahman',
    });
  });

  it('refuses a second reissue and a revoke of the replaced certificate (409), and a reissue of a revoked one', async () => {
    const { id } = await newCertificate();
    expect((await reissue(id, admin, { reason: 'Name corrected' })).statusCode).toBe(200);
    const again = await reissue(id, admin, { reason: 'Name corrected again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CERTIFICATE_ALREADY_REISSUED');
    const arabic = await reissue(id, admin, { reason: 'تصحيح الاسم' }, 'ar');
    expect(arabic.json().message).toBe('سبق أن أُعيد إصدار هذه الشهادة، والشهادة الجديدة تحل محلها.');
    const revoke = await t.call({
      method: 'POST',
      url: `/api/certificates/${id}/revoke`,
      token: admin,
      payload: { reason: 'Issued in error' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().code).toBe('CERTIFICATE_ALREADY_REISSUED');

    const { id: revokedId } = await newCertificate();
    await t.call({
      method: 'POST',
      url: `/api/certificates/${revokedId}/revoke`,
      token: admin,
      payload: { reason: 'Issued in error' },
      headers: { 'idempotency-key': randomUUID() },
    });
    const ofRevoked = await reissue(revokedId, admin, { reason: 'Name corrected' });
    expect(ofRevoked.statusCode).toBe(409);
    expect(ofRevoked.json().code).toBe('CERTIFICATE_ALREADY_REVOKED');
    const rows = await t.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.reissueOfId, revokedId));
    expect(rows).toEqual([]);
  });

  it("copies the holder's current photo, or keeps the replaced certificate's when there is none", async () => {
    const studentId = await demoStudentId(t);
    await giveRegistrationPhoto(t, studentId, PHOTO_JPEG, 'image/jpeg');
    const { id } = await newCertificate();
    await giveRegistrationPhoto(t, studentId, OTHER_PHOTO_JPEG, 'image/jpeg');
    const withNewPhoto = (await reissue(id, admin, { reason: 'New photo and name' })).json();
    const pdf = async (certificate: number) =>
      (await t.call({ method: 'GET', url: `/api/certificates/${certificate}/pdf`, token: student.token }))
        .rawPayload;
    expect((await pdf(withNewPhoto.id)).includes(OTHER_PHOTO_JPEG)).toBe(true);
    expect((await pdf(id)).includes(PHOTO_JPEG)).toBe(true);

    await t.db.execute(sql`update students set photo_file_id = null where id = ${studentId}`);
    const kept = (await reissue(withNewPhoto.id, admin, { reason: 'Name corrected' })).json();
    const [before, after] = await Promise.all(
      [withNewPhoto.id, kept.id].map(async (certificate: number) => {
        const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificate));
        return row?.photoFileId;
      }),
    );
    expect(after).toBe(before);
    expect((await pdf(kept.id)).includes(OTHER_PHOTO_JPEG)).toBe(true);
  });

  it('is refused without a session (401), to the holder, a corporate and staff without edit_20 (403), with no change', async () => {
    const { id } = await newCertificate();
    const body = { reason: 'Name corrected' };
    expect((await reissue(id, undefined, body)).statusCode).toBe(401);
    for (const type of ['student', 'corporate', 'Teller', 'branch admin', 'Examiner', 'CFO'] as const) {
      const { token } = await t.loginAs(type);
      expect((await reissue(id, token, body)).statusCode, type).toBe(403);
    }
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it('refuses a missing, short or NUL reason, an unknown field, no Idempotency-Key and an unknown id', async () => {
    const { id } = await newCertificate();
    for (const [body, code] of [
      [{}, 'ENTER_REASON'],
      [{ reason: 'ab' }, 'REVOKE_REASON_TOO_SHORT'],
      [{ reason: 'Bad\u0000reason' }, 'TEXT_INVALID_CHARACTERS'],
    ] as const) {
      const response = await reissue(id, admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields?.reason).toBe(code);
    }
    expect((await reissue(id, admin, { reason: 'Name corrected', nameEn: 'Forged' })).statusCode).toBe(400);
    const noKey = await t.call({
      method: 'POST',
      url: `/api/certificates/${id}/reissue`,
      token: admin,
      payload: { reason: 'Name corrected' },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await reissue(2_000_000_000, admin, { reason: 'Name corrected' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it("lets branch staff with edit_20 reissue their branch's certificates only (another branch's is 404)", async () => {
    const { id, sessionId } = await newCertificate();
    const tellers = await groupIdOf(t, 'Tellers');
    const grant = (edit: boolean) =>
      t.db
        .update(permissionGroups)
        .set({
          privileges: sql`${permissionGroups.privileges} || ${JSON.stringify({
            20: { read: true, create: false, edit, delete: false },
          })}::jsonb`,
        })
        .where(eq(permissionGroups.id, tellers));
    const [session] = await t.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, sessionId));
    if (!session) throw new Error('no session');
    const teller = await t.loginAs('Teller');
    await grant(true);
    try {
      await t.db
        .update(scheduledSessions)
        .set({ branchId: await branchIdOf(t, 'JED-01') })
        .where(eq(scheduledSessions.id, sessionId));
      expect((await reissue(id, teller.token, { reason: 'Name corrected' })).statusCode).toBe(404);
      // Before the body is read: another branch's certificate is 404 with a bad body too, not a 400.
      expect((await reissue(id, teller.token, { reason: '' })).statusCode).toBe(404);
      await t.db
        .update(scheduledSessions)
        .set({ branchId: session.branchId })
        .where(eq(scheduledSessions.id, sessionId));
      expect((await reissue(id, teller.token, { reason: 'Name corrected' })).statusCode).toBe(200);
    } finally {
      await grant(false);
      await t.db
        .update(scheduledSessions)
        .set({ branchId: session.branchId })
        .where(eq(scheduledSessions.id, sessionId));
    }
  });
});
