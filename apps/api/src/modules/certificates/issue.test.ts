import { verify } from 'node:crypto';
import { certificateClaimsBytes, readCertificateClaims, splitCertificateCode } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, certificates, examAttempts, exams, scheduledSessions } from '../../db/schema/index.ts';
import { newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, loadCertificateClaims } from './claims.ts';
import { issueCertificate, validUntilOf } from './issue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A submitted, passed attempt of a new booking, written straight into the tables. */
async function passedAttempt(score: number): Promise<number> {
  const booking = await newBooking(t);
  const [row] = await t.db
    .select({
      sessionId: bookings.sessionId,
      studentId: bookings.studentId,
      courseId: scheduledSessions.courseId,
    })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .where(eq(bookings.id, booking.id));
  if (!row) throw new Error('no booking');
  const [exam] = await t.db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.courseId, row.courseId), eq(exams.status, 'active')));
  if (!exam) throw new Error('the demo course has no exam');
  const now = Date.now();
  const [attempt] = await t.db
    .insert(examAttempts)
    .values({
      bookingId: booking.id,
      examId: exam.id,
      sessionId: row.sessionId,
      studentId: row.studentId,
      language: 'ar',
      startedAt: new Date(now - 60_000),
      endsAt: new Date(now + 60_000),
      status: 'submitted',
      submittedAt: new Date(now),
      submittedBy: 'candidate',
      score,
      result: 'Passed',
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error('no attempt');
  return attempt.id;
}

describe('issuing a certificate', () => {
  it('gives gap-free serials, a year of validity and a signature the public key checks', async () => {
    const signer = t.app.deps.certificateSigner;
    const firstAttempt = await passedAttempt(86.67);
    const first = await issueCertificate(t.db, signer, firstAttempt);
    const secondAttempt = await passedAttempt(70);
    const second = await issueCertificate(t.db, signer, secondAttempt);
    const rows = await t.db.select().from(certificates);
    const [a, b] = [rows.find((row) => row.id === first), rows.find((row) => row.id === second)];
    if (!a || !b) throw new Error('certificates missing');
    expect(Number(b.serial.slice(4))).toBe(Number(a.serial.slice(4)) + 1);
    expect(a.serial).toMatch(/^CRT-\d{6}$/);

    const loaded = await loadCertificateClaims(t.db, first);
    if (!loaded) throw new Error('no claims');
    expect(loaded.claims).toMatchObject({
      serial: a.serial,
      score: '86.67',
      validUntil: validUntilOf(loaded.claims.issuedOn),
    });
    const split = splitCertificateCode(codeOf(loaded.claims, loaded.signature));
    if (!split) throw new Error('no code');
    expect(readCertificateClaims(split.claimsBytes)).toEqual(loaded.claims);
    expect(verify(null, certificateClaimsBytes(loaded.claims), signer.publicKey, split.signature)).toBe(true);
  });

  it('keeps the one certificate of an attempt when asked twice', async () => {
    const attempt = await passedAttempt(90);
    const signer = t.app.deps.certificateSigner;
    const first = await issueCertificate(t.db, signer, attempt);
    expect(await issueCertificate(t.db, signer, attempt)).toBe(first);
  });

  it('is valid to the same day a year on, or the month end when that day does not exist', () => {
    expect(validUntilOf('2026-11-26')).toBe('2027-11-26');
    expect(validUntilOf('2028-02-29')).toBe('2029-02-28');
    expect(validUntilOf('2026-01-31', 1)).toBe('2026-02-28');
  });
});
