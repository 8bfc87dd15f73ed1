import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

async function addressSeenWith(trustProxy: string | undefined) {
  const database = await openDatabase({ dataDir: 'memory' });
  const config = loadConfig({
    JWT_SECRET: 's'.repeat(40),
    WEB_DIST_DIR: '/nonexistent',
    TRUST_PROXY: trustProxy,
  });
  const app = await buildApp({ config, database, logger: false });
  app.get('/api/probe/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
  const response = await app.inject({
    method: 'GET',
    url: '/api/probe/ip',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '6.6.6.6, 10.1.1.1' },
  });
  await app.close();
  await database.close();
  return response.json().ip as string;
}

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For unless proxies are trusted, and then believes only the trusted hops', async () => {
    expect(await addressSeenWith(undefined)).toBe('127.0.0.1');
    expect(await addressSeenWith('1')).toBe('10.1.1.1');
    expect(await addressSeenWith('127.0.0.1')).toBe('10.1.1.1');
  });
});
