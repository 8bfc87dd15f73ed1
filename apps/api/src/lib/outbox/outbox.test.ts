import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { outbox } from '../../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { enqueueMessage, SEND_MESSAGE, sendMessageJob } from './outbox.ts';
import { developmentSender, httpSmsSender, type MessageSender, type OutgoingMessage } from './senders.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await migrateDatabase(database);
});
afterAll(async () => {
  await database.close();
});

const log = pino({ level: 'silent' });

/** A queue that keeps what it is given: what the runner does with a job is tested in jobs/. */
const jobs = {
  sent: [] as { name: string; data: unknown }[],
  get queue(): JobQueue {
    return {
      send: async (_db, name, data) => {
        jobs.sent.push({ name: name.name, data });
      },
    } as JobQueue;
  },
};

/** A provider that takes every message, as a real gateway would, and keeps what it got. */
function acceptingProvider(): MessageSender & { received: OutgoingMessage[] } {
  const received: OutgoingMessage[] = [];
  return {
    name: 'accepting',
    received,
    async send(message) {
      received.push(message);
    },
  };
}

function refusingProvider(): MessageSender {
  return {
    name: 'refusing',
    async send() {
      throw new Error('provider down');
    },
  };
}

/** Queues a message as a change does: its row and its job, in one transaction. */
async function queue(message: {
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
}): Promise<number> {
  await database.db.transaction((tx) => enqueueMessage({ db: tx, jobs: jobs.queue }, message));
  const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, message.recipient));
  if (!row) throw new Error('no outbox row');
  return row.id;
}

const job = (outboxId: number) => ({ id: `job-${outboxId}`, data: { outboxId } });

describe('sending a queued message', () => {
  it('sends it once through its job, marks it sent, and wipes its text in production', async () => {
    const sms = acceptingProvider();
    const send = sendMessageJob({
      db: database.db,
      log,
      redactSent: true,
      senders: { sms, email: developmentSender('email') },
    });
    const id = await queue({ channel: 'sms', recipient: '+966550000001', body: 'code 123456' });
    expect(jobs.sent).toEqual([{ name: SEND_MESSAGE.name, data: { outboxId: id } }]);
    await send.run([job(id)]);
    // A second run of the same job (a retry after the send was recorded) sends nothing more.
    await send.run([job(id)]);
    expect(sms.received).toEqual([
      expect.objectContaining({ recipient: '+966550000001', body: 'code 123456' }),
    ]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', body: '', attempts: 1 });
  });

  it('records each refusal and throws it for the runner to retry; the fifth marks the message failed', async () => {
    const send = sendMessageJob({
      db: database.db,
      log,
      redactSent: false,
      senders: { sms: refusingProvider(), email: developmentSender('email') },
    });
    expect(send.retryLimit).toBe(4);
    const id = await queue({ channel: 'sms', recipient: '+966550000002', body: 'code 654321' });
    for (let i = 0; i < 5; i++) await expect(send.run([job(id)])).rejects.toThrow('provider down');
    await send.run([job(id)]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'provider down',
      body: 'code 654321',
    });
  });
});

describe('HTTP SMS sender', () => {
  it('posts recipient, sender id and text with the bearer key, and throws on a refusal', async () => {
    const requests: { headers: IncomingMessage['headers']; body: string }[] = [];
    let status = 200;
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        requests.push({ headers: request.headers, body });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sender = httpSmsSender({
      url: `http://127.0.0.1:${port}/send`,
      apiKey: 'k3y',
      senderId: 'Tasreeh',
    });
    await sender.send({ recipient: '+966550000003', subject: null, body: 'رمز 1234' });
    expect(requests[0]?.headers.authorization).toBe('Bearer k3y');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({
      recipient: '+966550000003',
      sender: 'Tasreeh',
      body: 'رمز 1234',
    });
    status = 503;
    await expect(sender.send({ recipient: '+966550000003', subject: null, body: 'x' })).rejects.toThrow(
      /503/,
    );
    server.close();
  });
});

describe('request logging', () => {
  it('keeps the hand-off token out of logged paths', () => {
    expect(redactUrl('/Auth/eyJhbGciOi.abc&user_12')).toBe('/Auth/[redacted]');
    expect(redactUrl('/admin/dashboard')).toBe('/admin/dashboard');
  });
});
