import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_JWT_SECRET, loadConfig, REPO_ROOT } from './config.ts';

const SECRET = 'k7Q2v9XpL4mZ8rT1wY6bN3cF5hJ0dS2a';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: SECRET,
  SMS_API_URL: 'http://127.0.0.1:9/sms',
  SMS_API_KEY: 'k',
  SELLER_NAME_EN: 'Tasreeh Training Centre',
  SELLER_NAME_AR: 'مركز تصريح للتدريب',
  SELLER_VAT_NUMBER: '300000000000003',
  SELLER_ADDRESS_EN: 'King Fahd Road, Riyadh',
  SELLER_ADDRESS_AR: 'طريق الملك فهد، الرياض',
  MOYASAR_SECRET_KEY: 'sk_test_0123456789',
  PUBLIC_URL: 'https://tasreeh.example.sa',
};

describe('loadConfig', () => {
  it('refuses a bad value with a list of what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('listens on the loopback unless HOST says otherwise', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).host).toBe('127.0.0.1');
    expect(loadConfig({ JWT_SECRET: SECRET, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
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

  it('refuses in production a short secret, the example one from .env.example, or a pattern', () => {
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8').match(
      /^# JWT_SECRET=(.*)$/m,
    )?.[1];
    expect(example).toBe(EXAMPLE_JWT_SECRET);
    expect(() => loadConfig({ ...production, JWT_SECRET: EXAMPLE_JWT_SECRET })).toThrow(
      /JWT_SECRET: the example value/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...production, JWT_SECRET: 's'.repeat(40) })).toThrow(/not random enough/);
    expect(() => loadConfig({ ...production, JWT_SECRET: '12345678'.repeat(5) })).toThrow(
      /not random enough/,
    );
    expect(loadConfig(production).jwtSecret).toBe(SECRET);
  });

  it('reads the first super admin: both variables or neither, a valid address, a strong password', () => {
    expect(loadConfig(production).admin).toBeUndefined();
    expect(
      loadConfig({ ...production, ADMIN_EMAIL: ' Admin@Centre.SA ', ADMIN_PASSWORD: 'Str0ng!Passw0rd' })
        .admin,
    ).toEqual({ email: 'admin@centre.sa', password: 'Str0ng!Passw0rd' });
    expect(() => loadConfig({ ...production, ADMIN_EMAIL: 'admin@centre.sa' })).toThrow(
      /ADMIN_EMAIL, ADMIN_PASSWORD: give both/,
    );
    expect(() =>
      loadConfig({ ...production, ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'Str0ng!Passw0rd' }),
    ).toThrow(/ADMIN_EMAIL: not a valid e-mail address/);
    const weak = () => loadConfig({ ...production, ADMIN_EMAIL: 'a@centre.sa', ADMIN_PASSWORD: 'weakpass1' });
    expect(weak).toThrow(/ADMIN_PASSWORD: .*uppercase/i);
    expect(weak).not.toThrow(/weakpass1/);
  });

  it('reads the general rate limit: 600 a minute unless set, 0 for none', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).rateLimitPerMinute).toBe(600);
    expect(loadConfig({ JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(
      /RATE_LIMIT_PER_MINUTE/,
    );
    expect(loadConfig({ JWT_SECRET: SECRET, REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
  });

  it('reads TRUST_PROXY as none, a hop count or addresses, never a blanket true', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('reads relative folders from the repository root', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: 'some/data' });
    expect(config.dataDir).toMatch(/\/some\/data$/);
    expect(config.dataDir).not.toContain('apps/api');
  });
});

describe('payments configuration', () => {
  it('requires the seller and a real card gateway in production, with defaults elsewhere', () => {
    for (const name of [
      'SELLER_NAME_EN',
      'SELLER_NAME_AR',
      'SELLER_VAT_NUMBER',
      'SELLER_ADDRESS_EN',
      'SELLER_ADDRESS_AR',
    ]) {
      expect(() => loadConfig({ ...production, [name]: undefined })).toThrow(new RegExp(`${name}: required`));
    }
    expect(() => loadConfig({ ...production, MOYASAR_SECRET_KEY: undefined })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ ...production, SELLER_VAT_NUMBER: '12345' })).toThrow(/SELLER_VAT_NUMBER/);
    expect(loadConfig(production).gateway.kind).toBe('moyasar');
    const development = loadConfig({ JWT_SECRET: SECRET });
    expect(development.gateway).toEqual({ kind: 'development' });
    expect(development.seller.vatNumber).toMatch(/^3\d{13}3$/);
  });
});
