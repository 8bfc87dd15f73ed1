import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { CertificateIssuer } from '../certificates/index.ts';
import { submitAttempt } from './scoring.ts';

/**
 * Submits every attempt still in progress past its deadline (submitted by 'deadline', at its
 * deadline: a sweep that runs late — a server that was down — still records the moment the time
 * ran out, and a pass's certificate is dated by it), even when no browser ever comes back. One attempt per transaction, picked `FOR UPDATE SKIP LOCKED`: many
 * API processes may sweep at once and never submit the same attempt twice or wait on each other.
 * Returns how many it submitted.
 */
export async function sweepDueAttempts(db: Db, issuer: CertificateIssuer, now: Date = new Date()) {
  let total = 0;
  for (;;) {
    const submitted = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        select id, ends_at from exam_attempts
        where status = 'in_progress' and ends_at <= ${now.toISOString()}::timestamptz
        order by ends_at
        limit 1
        for update skip locked`);
      const [due] = (result as unknown as { rows: { id: number; ends_at: Date | string }[] }).rows;
      if (!due) return false;
      const outcome = await submitAttempt(tx, issuer, due.id, 'deadline', new Date(due.ends_at));
      await writeAudit(tx, {
        actorUserId: null,
        action: 'exam-attempt.deadline',
        entity: 'exam_attempts',
        entityId: due.id,
        before: { status: 'in_progress' },
        after: outcome,
      });
      return true;
    });
    if (!submitted) return total;
    total++;
  }
}
