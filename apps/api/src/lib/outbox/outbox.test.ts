import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { outbox } from '../../db/schema/index.ts';
import { createOutboxDispatcher, enqueueMessage } from './outbox.ts';
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

describe('outbox dispatcher', () => {
  it('sends pending messages once, marks them sent, and wipes their text in production', async () => {
    const sms = acceptingProvider();
    await enqueueMessage(database.db, { channel: 'sms', recipient: '+966550000001', body: 'code 123456' });
    const dispatcher = createOutboxDispatcher({
      db: database.db,
      log,
      redactSent: true,
      senders: { sms, email: developmentSender('email') },
    });
    expect(await dispatcher.flush()).toBe(1);
    expect(await dispatcher.flush()).toBe(0);
    expect(sms.received).toEqual([
      expect.objectContaining({ recipient: '+966550000001', body: 'code 123456' }),
    ]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, '+966550000001'));
    expect(row).toMatchObject({ status: 'sent', body: '', attempts: 1 });
  });

  it('retries a refused message and gives up after 5 attempts', async () => {
    await enqueueMessage(database.db, { channel: 'sms', recipient: '+966550000002', body: 'code 654321' });
    const dispatcher = createOutboxDispatcher({
      db: database.db,
      log,
      redactSent: false,
      senders: { sms: refusingProvider(), email: developmentSender('email') },
    });
    for (let i = 0; i < 6; i++) await dispatcher.flush();
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, '+966550000002'));
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
