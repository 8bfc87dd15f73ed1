import { randomUUID } from 'node:crypto';
import { JOB_QUEUES } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { jobDefinitions } from '../../jobs/registry.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
/** A queue of this test alone, with no worker: its jobs stay as the test leaves them. */
const QUEUE = 'test-operations';

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  await t.app.ready();
  await t.app.deps.jobs.boss.createQueue(QUEUE);
});
afterAll(async () => {
  await t.close();
});

/** A job of the test queue that failed with `message`, as a handler's throw leaves it. */
async function failedJob(message: string, thrown: unknown = new Error(message)): Promise<string> {
  const { boss } = t.app.deps.jobs;
  const id = await boss.send(QUEUE, { n: 1 }, { retryLimit: 0 });
  if (!id) throw new Error('no job');
  await boss.fetch(QUEUE);
  await boss.fail(QUEUE, id, thrown as object);
  return id;
}

const post = (url: string, token = admin) => t.call({ method: 'POST', url, token });
const get = (url: string, token = admin) => t.call({ method: 'GET', url, token });

describe('the jobs screen', () => {
  it('knows every queue of the registry by name (the names the screen has texts for)', () => {
    expect(
      jobDefinitions(t.app)
        .map((definition) => definition.name)
        .sort(),
    ).toEqual([...JOB_QUEUES].sort());
  });

  it("lists every registry queue with its counts and schedule, and a failed job's error", async () => {
    const id = await failedJob('gateway down');
    const queues = (await get('/api/jobs/queues')).json();
    const names = queues.items.map((queue: { name: string }) => queue.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'outbox-send',
        'booking-hold-expiry',
        'exam-attempt-deadline',
        'prune-idempotency-keys',
      ]),
    );
    expect(names.filter((name: string) => name.startsWith('__pgboss__'))).toEqual([]);
    expect(
      queues.items.find((queue: { name: string }) => queue.name === 'question-media-sweep').schedule,
    ).toBe('*/10 * * * *');
    expect(queues.items.find((queue: { name: string }) => queue.name === QUEUE).counts.failed).toBe(1);
    const failed = (await get(`/api/jobs?queue=${QUEUE}`)).json();
    expect(failed.items).toEqual([
      expect.objectContaining({
        id,
        queue: QUEUE,
        state: 'failed',
        error: 'gateway down',
        abilities: { retry: true, cancel: false },
      }),
    ]);
  });

  it('shows the error of a job whose handler threw a plain string', async () => {
    const id = await failedJob('', 'smtp said no');
    const failed = (await get(`/api/jobs?queue=${QUEUE}&state=failed`)).json();
    expect(failed.items.find((job: { id: string }) => job.id === id)?.error).toBe('smtp said no');
  });

  it('retries a failed job and cancels a waiting one, each audited; any other state is 409', async () => {
    const id = await failedJob('smtp refused');
    const retried = await post(`/api/jobs/${QUEUE}/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('The job will run again.');
    expect((await post(`/api/jobs/${QUEUE}/${id}/retry`)).json().code).toBe('JOB_NOT_RETRYABLE');
    const cancelled = await t.call({
      method: 'POST',
      url: `/api/jobs/${QUEUE}/${id}/cancel`,
      token: admin,
      lang: 'ar',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe('تم إلغاء المهمة.');
    const again = await post(`/api/jobs/${QUEUE}/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('JOB_NOT_CANCELLABLE');
    // A cancelled job retried waits again (pg-boss resumes it: its retry takes failed jobs only).
    expect((await post(`/api/jobs/${QUEUE}/${id}/retry`)).statusCode).toBe(200);
    const waiting = (await get(`/api/jobs?queue=${QUEUE}&state=created`)).json();
    expect(waiting.items.map((job: { id: string }) => job.id)).toContain(id);
    // The policy's abilities follow the state: a waiting job is cancelled, not retried.
    expect(waiting.items.find((job: { id: string }) => job.id === id).abilities).toEqual({
      retry: false,
      cancel: true,
    });
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pgboss.job'), eq(auditLog.entityId, id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['job.cancel', 'job.retry', 'job.retry']);
  });

  it('retries a job once when asked twice at once: the other answer is 409, never a 500', async () => {
    const id = await failedJob('provider timeout');
    const answers = await Promise.all([
      post(`/api/jobs/${QUEUE}/${id}/retry`),
      post(`/api/jobs/${QUEUE}/${id}/retry`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers only the super admin, and 404 or 400 for a job it cannot name', async () => {
    expect((await t.call({ method: 'GET', url: '/api/jobs/queues' })).statusCode).toBe(401);
    for (const type of ['branch admin', 'Teller', 'student'] as const) {
      const { token } = await t.loginAs(type);
      expect((await get('/api/jobs/queues', token)).statusCode).toBe(403);
      expect((await get('/api/jobs', token)).statusCode).toBe(403);
      expect((await post(`/api/jobs/${QUEUE}/${randomUUID()}/retry`, token)).statusCode).toBe(403);
    }
    expect((await post(`/api/jobs/${QUEUE}/${randomUUID()}/retry`)).statusCode).toBe(404);
    expect((await post(`/api/jobs/${QUEUE}/not-a-uuid/cancel`)).statusCode).toBe(400);
    expect((await get('/api/jobs?state=lost')).statusCode).toBe(400);
    expect((await get('/api/jobs?cursor=bad')).statusCode).toBe(400);
  });
});
