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
    // three apps, each migrating a database of its own
  });
});

describe('request logs', () => {
  it('carry no ID or Iqama number from the URL, however it is written', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const database = await openDatabase({ dataDir: 'memory' });
    const config = loadConfig({
      JWT_SECRET: 's'.repeat(40),
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
    });
    const app = await buildApp({ config, database, logger: stream });
    const arabicIndic = encodeURIComponent('٢٠٠٠٠٠٠٠٠٦');
    for (const url of [
      '/api/students/by-id/2000000006',
      '/api/students?search=1010123456&limit=20',
      `/api/students?search=${arabicIndic}`,
      '/api/check?idNumber=ABC-123&iqama=2%30%30%30000006',
      '/api/students?q=%32000000006',
    ]) {
      await app.inject({ method: 'GET', url });
    }
    await app.close();
    await database.close();
    const urls = lines.map((line) => JSON.parse(line)).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual([
      '/api/students/by-id/[redacted]',
      '/api/students?search=[redacted]&limit=20',
      '/api/students?search=[redacted]',
      '/api/check?idNumber=[redacted]&iqama=[redacted]',
      '/api/students?q=[redacted]',
    ]);
    const everything = lines.join('\n');
    for (const leak of ['2000000006', '1010123456', arabicIndic, 'ABC-123', '%32000000006']) {
      expect(everything).not.toContain(leak);
    }
  });
});
