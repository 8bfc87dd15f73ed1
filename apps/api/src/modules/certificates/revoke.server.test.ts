import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates } from '../../db/schema/index.ts';
import { passedAttempt } from '../../test/passed-attempts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { certificateIssuerOf, issueCertificate } from './issue.ts';

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

describe('revokes racing', () => {
  it('revokes a certificate once of 10 revokes at once (different keys): one 200, the rest 409 CERTIFICATE_ALREADY_REVOKED', async () => {
    const { attemptId } = await passedAttempt(t, 90);
    const id = await issueCertificate(t.db, certificateIssuerOf(t.app.deps), attemptId);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        t.call({
          method: 'POST',
          url: `/api/certificates/${id}/revoke`,
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
      expect(response.json().code).toBe('CERTIFICATE_ALREADY_REVOKED');
    }
    const winner = responses.find((response) => response.statusCode === 200)?.json();
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row?.revokedReason).toBe(winner.revokedReason);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.revoke'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });
});
