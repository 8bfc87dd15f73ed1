import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobDefinition } from '../../lib/jobs/queue.ts';
import { FileKind, sweepOrphanFiles } from '../files/index.ts';

/** Every 10 minutes: removes question media no question names any more (after a grace time). */
export const questionMediaSweepJob = (db: Db, files: FileStore, log: FastifyBaseLogger): JobDefinition => ({
  name: 'question-media-sweep',
  schedule: '*/10 * * * *',
  async run() {
    await sweepOrphanFiles(db, files, log, { kind: FileKind.questionMedia });
  },
});
