import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 's'.repeat(40),
  SMS_API_URL: 'http://127.0.0.1:9/sms',
  SMS_API_KEY: 'k',
};

describe('loadConfig', () => {
  it('refuses a bad value with a list of what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('refuses production without a signing secret or an SMS gateway, and with demo accounts', () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: undefined })).toThrow(
      /JWT_SECRET: required in production/,
    );
    expect(() => loadConfig({ ...production, SMS_API_URL: undefined })).toThrow(
      /SMS_API_URL: required in production/,
    );
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(loadConfig(production).seedDemo).toBe(false);
  });

  it('reads TRUST_PROXY as none, a hop count or addresses, never a blanket true', () => {
    expect(loadConfig({ JWT_SECRET: 's'.repeat(40) }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: 's'.repeat(40), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ JWT_SECRET: 's'.repeat(40), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ JWT_SECRET: 's'.repeat(40), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('reads relative folders from the repository root', () => {
    const config = loadConfig({ JWT_SECRET: 's'.repeat(40), DATA_DIR: 'some/data' });
    expect(config.dataDir).toMatch(/\/some\/data$/);
    expect(config.dataDir).not.toContain('apps/api');
  });
});
