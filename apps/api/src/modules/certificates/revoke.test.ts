import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, permissionGroups, scheduledSessions } from '../../db/schema/index.ts';
import { branchIdOf, groupIdOf } from '../../test/accounts.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf, issueCertificate } from './issue.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(() => t.close());

/** A new certificate of the demo student (a passed attempt of a new booking in RUH-01). */
async function newCertificate(): Promise<{ id: number; sessionId: number }> {
  const { attemptId, sessionId } = await passedAttempt(t, 90);
  return { id: await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attemptId), sessionId };
}

function revoke(
  id: number | string,
  token: string | undefined,
  payload: unknown,
  key: string | null = randomUUID(),
) {
  return t.call({
    method: 'POST',
    url: `/api/certificates/${id}/revoke`,
    ...(token ? { token } : {}),
    payload: payload as object,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

async function statusOnline(code: string) {
  const response = await t.call({
    method: 'POST',
    url: '/api/public/certificates/status',
    payload: { code },
    remoteAddress: '10.8.0.1',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: string }>().status;
}

async function auditRows(id: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'certificate.revoke'), eq(auditLog.entityId, String(id))));
}

describe('POST /api/certificates/:id/revoke', () => {
  it('is refused without a session (401) and to the holder, a corporate and read-only staff (403)', async () => {
    const { id } = await newCertificate();
    const body = { reason: 'Issued in error' };
    expect((await revoke(id, undefined, body)).statusCode).toBe(401);
    for (const type of ['student', 'corporate', 'Teller', 'branch admin', 'Examiner'] as const) {
      const { token } = await t.loginAs(type);
      const response = await revoke(id, token, body);
      expect(response.statusCode, type).toBe(403);
    }
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it('refuses a missing, blank, short, long or NUL reason, a missing key and a bad id with 400', async () => {
    const { id } = await newCertificate();
    const cases: [unknown, string][] = [
      [{}, 'ENTER_REASON'],
      [{ reason: '   ' }, 'ENTER_REASON'],
      [{ reason: ' ab ' }, 'REVOKE_REASON_TOO_SHORT'],
      [{ reason: 'x'.repeat(501) }, 'TOO_LONG'],
      [{ reason: 'Bad\u0000reason' }, 'TEXT_INVALID_CHARACTERS'],
      [{ reason: 42 }, 'ENTER_REASON'],
    ];
    for (const [body, code] of cases) {
      const response = await revoke(id, admin, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json().fields?.reason, JSON.stringify(body).slice(0, 40)).toBe(code);
    }
    expect((await revoke(id, admin, { reason: 'Issued in error', other: 1 })).statusCode).toBe(400);
    const noKey = await revoke(id, admin, { reason: 'Issued in error' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await revoke('abc', admin, { reason: 'Issued in error' })).statusCode).toBe(400);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.revokedAt).toBeNull();
    expect(await auditRows(id)).toEqual([]);
  });

  it('revokes once: 200 with the certificate revoked, every status read says so, a second revoke is 409', async () => {
    const { id } = await newCertificate();
    const student = await t.loginAs('student');
    const before = await t.call({ method: 'GET', url: `/api/certificates/${id}`, token: student.token });
    const { code, serial } = before.json<{ code: string; serial: string }>();
    expect(await statusOnline(code)).toBe('valid');

    // The certificates policy: edit_20 may revoke or reissue one in force; its holder and read_20 staff may not.
    const searchAs = async (token: string) =>
      (await t.call({ method: 'GET', url: `/api/certificates/search?number=${serial}`, token })).json()
        .items[0];
    expect((await searchAs(admin)).abilities).toEqual({ revoke: true, reissue: true });
    expect((await searchAs((await t.loginAs('Teller')).token)).abilities).toEqual({
      revoke: false,
      reissue: false,
    });
    expect(before.json().abilities).toEqual({ revoke: false, reissue: false });

    // A reason of exactly 3 characters after trimming is enough; 500 is the most.
    const response = await revoke(id, admin, { reason: '  Fraud found on review  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id,
      serial,
      status: 'revoked',
      revokedReason: 'Fraud found on review',
      message: 'The certificate has been revoked.',
    });
    expect(Date.now() - Date.parse(body.revokedAt)).toBeLessThan(60_000);

    expect(await statusOnline(code)).toBe('revoked');
    const holder = await t.call({ method: 'GET', url: `/api/certificates/${id}`, token: student.token });
    expect(holder.json()).toMatchObject({ status: 'revoked', revokedReason: 'Fraud found on review' });
    const search = await t.call({
      method: 'GET',
      url: `/api/certificates/search?number=${serial}`,
      token: admin,
    });
    // Revoked is final: no one may revoke or reissue it any more.
    expect(search.json().items[0]).toMatchObject({
      id,
      status: 'revoked',
      abilities: { revoke: false, reissue: false },
    });

    const audit = await auditRows(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ serial, reason: 'Fraud found on review' });

    const again = await revoke(id, admin, { reason: 'Another reason' }, randomUUID());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CERTIFICATE_ALREADY_REVOKED');
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.revokedReason).toBe('Fraud found on review');
    expect(await auditRows(id)).toHaveLength(1);

    // Arabic: the error in the caller's language.
    const arabic = await t.call({
      method: 'POST',
      url: `/api/certificates/${id}/revoke`,
      token: admin,
      lang: 'ar',
      payload: { reason: 'سبب آخر' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe('تم إلغاء هذه الشهادة من قبل.');
  });

  it('answers 404 for an unknown certificate', async () => {
    const response = await revoke(2_000_000_000, admin, { reason: 'Issued in error' });
    expect(response.statusCode).toBe(404);
  });

  it('replays the first answer for the same Idempotency-Key, and refuses the key with another reason', async () => {
    const { id } = await newCertificate();
    const key = randomUUID();
    const first = await revoke(id, admin, { reason: 'Duplicate issue' }, key);
    expect(first.statusCode).toBe(200);
    const replay = await revoke(id, admin, { reason: 'Duplicate issue' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await auditRows(id)).toHaveLength(1);
    const reused = await revoke(id, admin, { reason: 'Something else' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("lets branch staff with edit_20 revoke their branch's certificates only (another branch's is 404)", async () => {
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
      expect((await revoke(id, teller.token, { reason: 'Issued in error' })).statusCode).toBe(404);
      // Before the body is read: another branch's certificate is 404 with a bad body too, not a 400.
      expect((await revoke(id, teller.token, { reason: '' })).statusCode).toBe(404);
      await t.db
        .update(scheduledSessions)
        .set({ branchId: session.branchId })
        .where(eq(scheduledSessions.id, sessionId));
      const own = await revoke(id, teller.token, { reason: 'Issued in error' });
      expect(own.statusCode).toBe(200);
      expect(own.json().status).toBe('revoked');
    } finally {
      await grant(false);
      await t.db
        .update(scheduledSessions)
        .set({ branchId: session.branchId })
        .where(eq(scheduledSessions.id, sessionId));
    }
  });
});
