import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobDefinition } from '../../lib/jobs/queue.ts';
import { sweepExpiredCheckinPhotos } from './retention.ts';

/** Every hour: deletes the check-in photos of sittings closed longer ago than they are kept. */
export const checkinPhotoRetentionJob = (db: Db, files: FileStore, retentionDays: number): JobDefinition => ({
  name: 'checkin-photo-retention',
  schedule: '5 * * * *',
  async run() {
    await sweepExpiredCheckinPhotos(db, files, retentionDays);
  },
});
