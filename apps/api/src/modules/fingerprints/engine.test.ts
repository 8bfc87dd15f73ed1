import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { developmentEngine, fingerprintEngineFor, httpEngine } from './engine.ts';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? `${error.status} ${error.code}` : String(error)),
  );

describe('fingerprint engines', () => {
  it('the development engine builds one template from four captures of one print and matches only that print', async () => {
    const captures = ['a', 'b', 'c', 'd'].map((nonce) => `dev1.demo-right-index.${nonce}`);
    const template = await developmentEngine.buildTemplate('right-index', captures);
    expect(template).toMatch(/^dev1\.[0-9a-f]{64}$/);
    expect(await developmentEngine.match(template, 'dev1.demo-right-index.z')).toEqual({
      matched: true,
      score: 100,
    });
    expect(await developmentEngine.match(template, 'dev1.demo-left-thumb.z')).toEqual({
      matched: false,
      score: 0,
    });
    expect(
      await codeOf(developmentEngine.buildTemplate('right-index', [...captures.slice(0, 3), 'dev1.other.x'])),
    ).toBe('422 FINGERPRINT_CAPTURES_DIFFER');
    expect(await codeOf(developmentEngine.match(template, 'Rk1SACAyMAAAAA=='))).toBe(
      '422 FINGERPRINT_SAMPLE_UNREADABLE',
    );
  });

  it('the matching service is asked over HTTP, and its failures are a 503, never a match', async () => {
    const fetchImpl = vi.fn(async (url: URL | string) =>
      String(url).endsWith('/templates')
        ? Response.json({ template: 'T1' })
        : Response.json({ matched: true, score: 87 }),
    );
    const engine = httpEngine('http://matcher.internal:8080/v1', fetchImpl as unknown as typeof fetch);
    expect(await engine.buildTemplate('left-thumb', ['s1', 's2', 's3', 's4'])).toBe('T1');
    expect(await engine.match('T1', 'sample')).toEqual({ matched: true, score: 87 });
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('http://matcher.internal:8080/v1/templates');
    const down = httpEngine('http://x', (async () =>
      Promise.reject(new TypeError('refused'))) as unknown as typeof fetch);
    expect(await codeOf(down.match('T1', 'sample'))).toBe('503 FINGERPRINT_SERVICE_UNAVAILABLE');
    const odd = httpEngine('http://x', (async () =>
      Response.json({ matched: 'yes' })) as unknown as typeof fetch);
    expect(await codeOf(odd.match('T1', 'sample'))).toBe('503 FINGERPRINT_SERVICE_UNAVAILABLE');
  });

  it('production without a matching service refuses instead of using the development engine', async () => {
    const engine = fingerprintEngineFor('production', undefined);
    expect(await codeOf(engine.match('dev1.x', 'dev1.demo-right-index.z'))).toBe(
      '503 FINGERPRINT_SERVICE_UNAVAILABLE',
    );
    expect(fingerprintEngineFor('development', undefined)).toBe(developmentEngine);
  });
});
