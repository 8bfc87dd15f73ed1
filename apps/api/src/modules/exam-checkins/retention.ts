import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { FileStore } from '../../lib/file-store.ts';

/**
 * Check-in photos are kept only as long as the process needs them (DESIGN §5 Personal data;
 * decision 0015): until `CHECKIN_PHOTO_RETENTION_DAYS` after the sitting's result — the attempt's
 * decision (`decided_at`: the submission, or the practical score it waited for) or its submission
 * while the practical score is still due — or, for a seat that never
 * started an attempt, after its session ended. An attempt still in progress keeps them.
 */

/** The file kind a purged photo's record is left with when the sensitive-access log names it. */
export const PURGED_CHECKIN_FILE_KIND = 'checkin-purged';

/**
 * Removes the record of a check-in photo whose link is gone (purged, or replaced by a new one):
 * deleted, unless the append-only sensitive-access log names it (a staff reading), in which case
 * it stays for the log, marked `checkin-purged` and nobody's. The caller removes the bytes once
 * its transaction has committed.
 */
export async function dropCheckinFileRecord(tx: Db, fileId: string): Promise<void> {
  const result = await tx.execute(sql`
    select exists (select 1 from sensitive_access_log where file_id = ${fileId}) as logged`);
  if (rowsOf<{ logged: boolean }>(result)[0]?.logged) {
    await tx.execute(sql`
      update files set kind = ${PURGED_CHECKIN_FILE_KIND}, owner_user_id = null where id = ${fileId}`);
  } else {
    await tx.execute(sql`delete from files where id = ${fileId}`);
  }
}

/** The moment before which a sitting's photos are past keeping. */
export function retentionCutoff(retentionDays: number, now: Date = new Date()): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}

/**
 * When a booking's sitting closed, on `exam_checkins c` (SITTING): its submitted attempt's result
 * (the decision, else the submission), or its session's end when no attempt was started; null
 * while an attempt is under way. The one rule of when photos start to age.
 */
const CLOSED_AT = sql`(case
    when a.id is null then s.ends_at
    when a.status = 'submitted' then coalesce(a.decided_at, a.submitted_at)
  end)`;

/** The condition that the sitting closed before `cutoff` (never while an attempt is under way). */
const closedBefore = (cutoff: Date): SQL => sql`${CLOSED_AT} < ${cutoff.toISOString()}::timestamptz`;

const SITTING = sql`exam_checkins c
  join bookings b on b.id = c.booking_id
  join scheduled_sessions s on s.id = b.session_id
  left join exam_attempts a on a.booking_id = c.booking_id`;

/** When a booking's sitting closed (see CLOSED_AT), or null while that is not known yet. */
export async function sittingClosedAt(db: Db, bookingId: number): Promise<Date | null> {
  const [row] = rowsOf<{ closedAt: Date | string | null }>(
    await db.execute(
      sql`select ${CLOSED_AT} as "closedAt" from ${SITTING} where c.booking_id = ${bookingId}`,
    ),
  );
  return row?.closedAt ? new Date(row.closedAt) : null;
}

async function closedBeforeCutoff(db: Db, bookingId: number, cutoff: Date): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 as past from ${SITTING} where c.booking_id = ${bookingId} and ${closedBefore(cutoff)}`);
  return rowsOf(result).length > 0;
}

/** Whether a booking's sitting is past keeping its photos (its photos are, or will be at the next sweep, gone). */
export function isPastRetention(db: Db, bookingId: number, retentionDays: number, now = new Date()) {
  return closedBeforeCutoff(db, bookingId, retentionCutoff(retentionDays, now));
}

/**
 * Deletes the check-in photos of one booking, in the caller's transaction, when its sitting is
 * past keeping them: their `exam_checkin_photos` rows and their file records — or, where the
 * sensitive-access log names a file (a staff reading), its record is kept for the log, marked
 * `checkin-purged` and nobody's. Returns the storage keys whose bytes the caller removes once the
 * transaction has committed, or undefined when the sitting is not past keeping them.
 */
export async function purgeIfPast(tx: Db, bookingId: number, retentionDays: number, cutoff: Date) {
  if (!(await closedBeforeCutoff(tx, bookingId, cutoff))) return undefined;
  const photos = rowsOf<{ kind: string; fileId: string; storageKey: string }>(
    await tx.execute(sql`
      delete from exam_checkin_photos p using files f
      where p.booking_id = ${bookingId} and f.id = p.file_id
      returning p.kind, p.file_id as "fileId", f.storage_key as "storageKey"`),
  );
  if (photos.length === 0) return [];
  for (const photo of photos) await dropCheckinFileRecord(tx, photo.fileId);
  await writeAudit(tx, {
    actorUserId: null,
    action: 'exam_checkin.photos_purged',
    entity: 'exam_checkin_photos',
    entityId: bookingId,
    before: { photos: photos.map(({ kind, fileId }) => ({ kind, fileId })) },
    after: { retentionDays },
  });
  return photos.map((photo) => photo.storageKey);
}

/**
 * Deletes the check-in photos of every sitting past keeping them (the daily backstop of the
 * retention jobs, for a booking whose job was cancelled on the jobs screen). One booking per
 * transaction, picked `FOR UPDATE SKIP LOCKED` on its check-in row (the row a photo upload locks
 * too): many API processes may sweep at once, each booking is purged once, and nobody waits. The
 * bytes leave the store once the transaction has committed. Returns how many bookings it purged.
 */
export async function sweepExpiredCheckinPhotos(
  db: Db,
  store: FileStore,
  retentionDays: number,
  now: Date = new Date(),
) {
  const cutoff = retentionCutoff(retentionDays, now);
  let total = 0;
  for (;;) {
    const purged = await db.transaction(async (tx) => {
      const picked = await tx.execute(sql`
        select c.booking_id as "bookingId" from ${SITTING}
        where exists (select 1 from exam_checkin_photos p where p.booking_id = c.booking_id)
          and ${closedBefore(cutoff)}
        limit 1
        for update of c skip locked`);
      const [due] = rowsOf<{ bookingId: number }>(picked);
      return due && (await purgeIfPast(tx, due.bookingId, retentionDays, cutoff));
    });
    if (!purged) return total;
    for (const storageKey of purged) await store.remove(storageKey);
    total++;
  }
}
