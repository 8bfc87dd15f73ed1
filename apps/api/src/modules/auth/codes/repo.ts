import type { OtpPurpose } from '@tasreeh/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { oneTimeCodes } from '../../../db/schema/index.ts';
import { sha256 } from './secrets.ts';

export async function insertCode(
  db: Db,
  values: {
    id: string;
    purpose: OtpPurpose;
    subject: string;
    userId: number | null;
    phone: string;
    codeHash: string;
    expiresAt: Date;
    requestIp: string;
  },
): Promise<string> {
  const [row] = await db.insert(oneTimeCodes).values(values).returning({ id: oneTimeCodes.id });
  if (!row) throw new Error('code insert returned nothing');
  return row.id;
}

/** Burns the live codes of a subject, so that only the newest one can be used. */
export async function burnLiveCodes(db: Db, purpose: OtpPurpose, subject: string): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ burnedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.subject, subject),
        isNull(oneTimeCodes.verifiedAt),
        isNull(oneTimeCodes.burnedAt),
      ),
    );
}

/** A code that can still be tried: not verified, not burned, not expired. */
function liveCode(id: string) {
  return and(
    eq(oneTimeCodes.id, id),
    isNull(oneTimeCodes.verifiedAt),
    isNull(oneTimeCodes.burnedAt),
    gt(oneTimeCodes.expiresAt, sql`now()`),
  );
}

export async function findLiveCode(db: Db, id: string) {
  const [row] = await db.select().from(oneTimeCodes).where(liveCode(id));
  return row;
}

/** Counts a wrong try; the fifth burns the code. */
export async function recordWrongTry(db: Db, id: string, maxTries: number): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({
      failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1`,
      burnedAt: sql`case when ${oneTimeCodes.failedAttempts} + 1 >= ${maxTries} then now() else ${oneTimeCodes.burnedAt} end`,
    })
    .where(eq(oneTimeCodes.id, id));
}

/**
 * Marks a live code verified and stores its grant. One statement with the liveness test in it,
 * so of many parallel verifications of one code exactly one succeeds.
 */
export async function markVerified(
  db: Db,
  id: string,
  grantHash: string,
  grantSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({
      verifiedAt: sql`now()`,
      grantHash,
      grantExpiresAt: sql`now() + make_interval(secs => ${grantSeconds})`,
    })
    .where(liveCode(id))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Whose grant it is: the user of a password reset, or the phone of a phone check. */
export type GrantHolder =
  | { purpose: 'password_reset'; userId: number }
  | { purpose: 'phone_verification'; phone: string };

function liveGrant(holder: GrantHolder, grant: string) {
  return and(
    eq(oneTimeCodes.purpose, holder.purpose),
    holder.purpose === 'password_reset'
      ? eq(oneTimeCodes.userId, holder.userId)
      : eq(oneTimeCodes.phone, holder.phone),
    eq(oneTimeCodes.grantHash, sha256(grant)),
    isNull(oneTimeCodes.grantUsedAt),
    gt(oneTimeCodes.grantExpiresAt, sql`now()`),
  );
}

/** Whether the holder has this grant, unused and unexpired (a look, without using it up). */
export async function hasLiveGrant(db: Db, holder: GrantHolder, grant: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(liveGrant(holder, grant))
    .limit(1);
  return Boolean(row);
}

/** Uses up the holder's grant; false when there is none live. One statement: of parallel uses, one wins. */
export async function consumeGrant(db: Db, holder: GrantHolder, grant: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ grantUsedAt: sql`now()` })
    .where(liveGrant(holder, grant))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}
