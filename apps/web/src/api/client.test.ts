import { z } from '@tasreeh/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../features/auth/session.ts';
import { apiRequest, setTokenSource } from './client.ts';

const Ok = z.object({ ok: z.boolean() });

function answer() {
  return new Response(JSON.stringify({ ok: true }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(readToken);
});

function headersOf(call: unknown[]): Record<string, string> {
  const init = call[1] as RequestInit;
  return init.headers as Record<string, string>;
}

describe('apiRequest', () => {
  it('sends an Idempotency-Key with every write, a new one per write, and none with a read', async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/things', { schema: Ok, body: { a: 1 } });
    await apiRequest('/things/1', { schema: Ok, method: 'PATCH', body: { a: 2 } });
    await apiRequest('/things', { schema: Ok });
    const [create, edit, read] = fetchMock.mock.calls.map(headersOf);
    expect(create?.['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(edit?.['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(edit?.['Idempotency-Key']).not.toBe(create?.['Idempotency-Key']);
    expect(read?.['Idempotency-Key']).toBeUndefined();
  });

  it('sends a write whose answer was lost once more, with the same key', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer());
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/payments', { schema: Ok, body: { amount: 1 } })).resolves.toEqual({ ok: true });
    const [first, second] = fetchMock.mock.calls.map(headersOf);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(second?.['Idempotency-Key']).toBe(first?.['Idempotency-Key']);
  });

  it('does not send a read again, nor a write after the second loss', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/things', { schema: Ok })).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/things', { schema: Ok, body: {} })).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends the bearer token of the source it was given at start, and none without one', async () => {
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    setTokenSource(() => 'token-7');
    await apiRequest('/things', { schema: Ok });
    setTokenSource(() => null);
    await apiRequest('/things', { schema: Ok });
    const [given, none] = fetchMock.mock.calls.map(headersOf);
    expect(given?.Authorization).toBe('Bearer token-7');
    expect(none?.Authorization).toBeUndefined();
  });
});

describe('the api layer', () => {
  it('imports no feature (the app gives it what it needs at start), so no feature import reaches back into it', () => {
    const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], {
      eager: true,
      query: '?raw',
      import: 'default',
    });
    const reachingUp = Object.entries(sources).filter(([, text]) => /from '\.\.\/features\//.test(text));
    expect(reachingUp.map(([file]) => file)).toEqual([]);
  });
});
