import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';

describe('GET /api/dev/outbox in production', () => {
  it('does not exist', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      SMS_API_URL: 'http://127.0.0.1:9/sms',
      SMS_API_KEY: 'k',
      WEB_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp({ config, database, logger: false });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    await app.close();
    await database.close();
  });
});
