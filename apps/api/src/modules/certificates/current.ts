import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { certificates } from '../../db/schema/index.ts';

/**
 * The condition that a `certificates` row is the attempt's latest certificate: of the attempt, and
 * not replaced by a reissue (decision 0025). Every join from an attempt to "its certificate" uses
 * it, so that an attempt whose certificate was reissued still has one row, the new certificate.
 */
export function currentCertificateOf(attemptId: AnyPgColumn | number): SQL {
  // Both conditions are given, so `and` has something to join and returns an SQL, never undefined.
  return and(
    eq(certificates.attemptId, attemptId),
    sql`not exists (select 1 from certificates as reissue where reissue.reissue_of_id = ${certificates.id})`,
  ) as SQL;
}
