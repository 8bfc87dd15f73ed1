import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates } from '../../db/schema/index.ts';
import { certify } from '../../test/certificates.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

const RACERS = 10;

describe('reissues racing', () => {
  it('reissues a certificate once of 10 reissues at once (different keys): one 200, the rest 409 CERTIFICATE_ALREADY_REISSUED', async () => {
    const { attemptId } = await passedAttempt(t, 90);
    const id = await certify(t, attemptId);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: `/api/certificates/${id}/reissue`,
          token: admin,
          payload: { reason: `Racer ${index}` },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('CERTIFICATE_ALREADY_REISSUED');
    }
    const winner = responses.find((response) => response.statusCode === 200)?.json();
    const ofAttempt = await t.db.select().from(certificates).where(eq(certificates.attemptId, attemptId));
    expect(ofAttempt.map((row) => row.id).sort((a, b) => a - b)).toEqual([id, winner.id]);
    expect(ofAttempt.find((row) => row.id === id)?.revokedReason).toBe('reissued');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.reissue'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });
});
