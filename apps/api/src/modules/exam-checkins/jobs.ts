import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CommandCtx } from '../../lib/command.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { type JobDefinition, type JobQueue, jobName } from '../../lib/jobs/queue.ts';
import { purgeIfPast, retentionCutoff, sittingClosedAt, sweepExpiredCheckinPhotos } from './retention.ts';

/** Due at a sitting's retention date: its check-in photos are deleted then. */
export const PHOTO_RETENTION = jobName<{ bookingId: number }>('checkin-photo-retention');

/**
 * When a booking's photos are next due to go: the retention date of its sitting's close, once that
 * is known (the result, or the session's end when no attempt was started); while an attempt is
 * under way or its result is still due, a day from now, when it is looked at again.
 */
async function retentionDateOf(db: Db, bookingId: number, retentionDays: number, now: Date): Promise<Date> {
  const closedAt = await sittingClosedAt(db, bookingId);
  const day = 86_400_000;
  if (!closedAt) return new Date(now.getTime() + day);
  const due = new Date(closedAt.getTime() + retentionDays * day + 1000);
  return due > now ? due : now;
}

/**
 * Queues the deletion of a booking's check-in photos at its retention date, in the command's
 * transaction: by the upload of its first photo (the check-in row locked, so once per sitting).
 */
export async function deletePhotosLater(ctx: CommandCtx, bookingId: number, retentionDays: number) {
  await ctx.enqueue(
    PHOTO_RETENTION,
    { bookingId },
    {
      startAfter: await retentionDateOf(ctx.db, bookingId, retentionDays, new Date()),
    },
  );
}

/**
 * The retention job: at a sitting's retention date its photos go; a sitting whose date moved
 * (a practical score decided later, an attempt started after check-in) is queued again at the
 * new one, in the same transaction.
 */
export const checkinPhotoRetentionJob = (options: {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  retentionDays: number;
}): JobDefinition<{ bookingId: number }> => ({
  name: PHOTO_RETENTION.name,
  // One at a time: a batch that failed part-way would be run again whole, queueing its done ones twice.
  batchSize: 1,
  async run(due) {
    const { db, files, jobs, retentionDays } = options;
    for (const { data } of due) {
      const now = new Date();
      const purged = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from exam_checkins where booking_id = ${data.bookingId} for update`);
        const keys = await purgeIfPast(
          tx,
          data.bookingId,
          retentionDays,
          retentionCutoff(retentionDays, now),
        );
        if (!keys) {
          const startAfter = await retentionDateOf(tx, data.bookingId, retentionDays, now);
          await jobs.send(tx, PHOTO_RETENTION, data, { startAfter });
        }
        return keys ?? [];
      });
      for (const storageKey of purged) await files.remove(storageKey);
    }
  },
});

/** Every day: the photos of any sitting past keeping them, whose job did not take them. */
export const checkinPhotoSweepJob = (db: Db, files: FileStore, retentionDays: number): JobDefinition => ({
  name: 'checkin-photo-retention-sweep',
  schedule: '5 3 * * *',
  async run() {
    await sweepExpiredCheckinPhotos(db, files, retentionDays);
  },
});
