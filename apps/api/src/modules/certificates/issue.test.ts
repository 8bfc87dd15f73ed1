import { verify } from 'node:crypto';
import {
  centreDay,
  certificateClaimsBytes,
  readCertificateClaims,
  splitCertificateCode,
} from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, examAttempts } from '../../db/schema/index.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { codeOf, loadCertificateClaims } from './claims.ts';
import { certificateIssuerOf, issueCertificate, validUntilOf } from './issue.ts';

const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const passed = (score: number) => passedAttempt(t, score).then((made) => made.attemptId);

describe('issuing a certificate', () => {
  it('gives gap-free serials, a year of validity and a signature the public key checks', async () => {
    const signer = t.app.deps.certificateSigner;
    const firstAttempt = await passed(86.67);
    const first = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), firstAttempt);
    const secondAttempt = await passed(70);
    const second = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), secondAttempt);
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
    const attempt = await passed(90);
    const first = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attempt);
    expect(await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attempt)).toBe(first);
  });

  it('is dated by the submission of the attempt, not by the day it is issued', async () => {
    const attempt = await passed(80);
    const submittedAt = new Date(Date.now() - 40 * DAY_MS);
    await t.db
      .update(examAttempts)
      .set({ startedAt: new Date(submittedAt.getTime() - 60_000), submittedAt, decidedAt: submittedAt })
      .where(eq(examAttempts.id, attempt));
    const id = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attempt);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    const day = centreDay(submittedAt);
    expect(row?.issuedAt.getTime()).toBe(submittedAt.getTime());
    expect(row?.validUntil).toBe(validUntilOf(day));
    expect(Number(row?.validUntil.slice(0, 4))).toBe(Number(day.slice(0, 4)) + 1);
    expect(row?.validUntil.slice(5)).toBe(day.slice(5));
    // What the QR carries says the same.
    const loaded = await loadCertificateClaims(t.db, id);
    expect(loaded?.claims).toMatchObject({ issuedOn: day, validUntil: validUntilOf(day) });
  });

  it('is dated by the practical score where the result waited for it', async () => {
    const attempt = await passed(75);
    const submittedAt = new Date(Date.now() - 12 * DAY_MS);
    const practicalAt = new Date(Date.now() - 9 * DAY_MS);
    await t.db
      .update(examAttempts)
      .set({
        startedAt: new Date(submittedAt.getTime() - 60_000),
        submittedAt,
        writtenScore: 55,
        practicalScore: 20,
        decidedAt: practicalAt,
      })
      .where(eq(examAttempts.id, attempt));
    const id = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attempt);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.issuedAt.getTime()).toBe(practicalAt.getTime());
    expect(row?.validUntil).toBe(validUntilOf(centreDay(practicalAt)));
  });

  it('is valid to the same day a year on, or the month end when that day does not exist', () => {
    expect(validUntilOf('2026-11-26')).toBe('2027-11-26');
    expect(validUntilOf('2028-02-29')).toBe('2029-02-28');
    expect(validUntilOf('2026-01-31', 1)).toBe('2026-02-28');
  });
});
