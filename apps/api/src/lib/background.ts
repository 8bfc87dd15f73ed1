import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/**
 * One tick of a background task (a sweep, a dispatcher's flush): runs `work` and never lets its
 * failure escape, so the timer goes on and the next tick simply tries again. A tick still running
 * when the next is due (a slow or unreachable database) is not doubled. A database outage is
 * logged once when the task first meets it and once when the task works again, not every tick;
 * any other failure is logged every time.
 */
export function backgroundTick(
  name: string,
  log: FastifyBaseLogger,
  work: () => Promise<unknown>,
): () => Promise<void> {
  let running = false;
  let databaseDown = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await work();
      if (databaseDown) log.info({ task: name }, `${name}: the database answers again, resumed`);
      databaseDown = false;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        log.error({ err: error, task: name }, `${name} failed`);
      } else if (!databaseDown) {
        databaseDown = true;
        log.warn({ err: error, task: name }, `${name}: the database is unavailable; retrying every tick`);
      }
    } finally {
      running = false;
    }
  };
}
