import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { isLoopbackAddress } from '../../lib/local-caller.ts';
import { newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /api/dev/outbox in production', () => {
  it('does not exist', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
      SMS_API_URL: 'http://127.0.0.1:9/sms',
      SMS_API_KEY: 'k',
      SELLER_NAME_EN: 'Tasreeh Training Centre',
      SELLER_NAME_AR: 'مركز تصريح للتدريب',
      SELLER_VAT_NUMBER: '300000000000003',
      SELLER_ADDRESS_EN: 'King Fahd Road, Riyadh',
      SELLER_ADDRESS_AR: 'طريق الملك فهد، الرياض',
      MOYASAR_SECRET_KEY: 'sk_test_0123456789',
      PUBLIC_URL: 'https://tasreeh.example.sa',
      WEB_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp({ config, database, logger: false });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
    await app.close();
    await database.close();
  });
});

describe('GET /api/dev/outbox in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  it('answers a caller on this machine, over IPv4 or IPv6', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await outbox(address)).statusCode, address).toBe(200);
    }
  });

  it('does not exist for a caller on another machine', async () => {
    for (const address of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', 'fe80::1']) {
      const response = await outbox(address);
      expect(response.statusCode, address).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('does not exist for a request a proxy on this machine forwarded, whatever address it claims', async () => {
    expect((await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await outbox('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await outbox('127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
  });

  it('does not exist behind any forwarding header, of any kind', async () => {
    for (const [name, value] of FORWARDING) {
      expect((await outbox('127.0.0.1', { [name]: value })).statusCode, name).toBe(404);
    }
  });

  it('answers a Host naming this machine (any port), and no other: a rebound domain is refused', async () => {
    for (const host of LOCAL_HOSTS) expect((await outbox('127.0.0.1', { host })).statusCode, host).toBe(200);
    for (const host of OTHER_HOSTS) expect((await outbox('127.0.0.1', { host })).statusCode, host).toBe(404);
  });
});

/** Every kind of header a proxy adds, or a client adds to look like one. */
const FORWARDING: [string, string][] = [
  ['forwarded', 'for=127.0.0.1;proto=http'],
  ['x-forwarded-for', '127.0.0.1'],
  ['x-forwarded-host', 'localhost'],
  ['x-forwarded-proto', 'http'],
  ['x-forwarded-port', '3000'],
  ['x-forwarded-server', 'proxy'],
  ['x-real-ip', '127.0.0.1'],
  ['x-client-ip', '127.0.0.1'],
  ['client-ip', '127.0.0.1'],
  ['true-client-ip', '127.0.0.1'],
  ['cf-connecting-ip', '127.0.0.1'],
  ['fastly-client-ip', '127.0.0.1'],
  ['x-cluster-client-ip', '127.0.0.1'],
  ['via', '1.1 proxy'],
];

const LOCAL_HOSTS = [
  'localhost',
  'localhost:3000',
  'LocalHost:5173',
  '127.0.0.1',
  '127.0.0.1:3305',
  '[::1]',
  '[::1]:3000',
];
const OTHER_HOSTS = [
  'evil.example',
  'evil.example:3000',
  'localhost.evil.example',
  '127.0.0.1.nip.io',
  'localhost.',
  '127.0.0.2',
  '[::2]:3000',
];

describe("the development card gateway's page", () => {
  let t: TestApp;
  let page: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const student = (await t.loginAs('student')).token;
    const booking = await newBooking(t);
    const created = await t.call({
      method: 'POST',
      url: '/api/payments',
      token: student,
      payload: { bookingId: booking.id, method: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.statusCode, created.body).toBe(201);
    page = created.json().redirectUrl;
  });
  afterAll(() => t.close());

  const open = (headers: Record<string, string>) =>
    t.call({ method: 'GET', url: page, remoteAddress: '127.0.0.1', headers });

  it('answers only a caller on this machine asking for this machine, with no proxy in between', async () => {
    expect((await open({})).statusCode).toBe(200);
    for (const host of LOCAL_HOSTS) expect((await open({ host })).statusCode, host).toBe(200);
    for (const host of OTHER_HOSTS) expect((await open({ host })).statusCode, host).toBe(404);
    for (const [name, value] of FORWARDING)
      expect((await open({ [name]: value })).statusCode, name).toBe(404);
  });
});

describe('GET /api/dev/outbox behind a trusted proxy', () => {
  it('goes by the connection, not the address the proxy forwards for', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    const config = loadConfig({
      NODE_ENV: 'development',
      JWT_SECRET: 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a',
      WEB_DIST_DIR: '/nonexistent',
      TRUST_PROXY: '10.0.0.0/8',
    });
    const app = await buildApp({ config, database, logger: false });
    const response = await app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(404);
    await app.close();
    await database.close();
  });
});

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8 and ::1, nothing else', () => {
    expect(isLoopbackAddress('127.255.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress('1270.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::2')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});
