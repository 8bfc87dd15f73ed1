import { describe, expect, it, vi } from 'vitest';
import { developmentReader, ReaderError, serviceReader } from './reader.ts';

describe('fingerprint readers', () => {
  it('the development reader gives a fresh synthetic sample of the finger each time', async () => {
    const reader = developmentReader({ delayMs: 0 });
    const [a, b] = [await reader.capture('left-thumb'), await reader.capture('left-thumb')];
    expect(a).toMatch(/^dev1\.demo-left-thumb\.[0-9a-f]{24}$/);
    expect(a).not.toBe(b);
  });

  it('the service reader asks the local service for a capture and refuses a bad answer', async () => {
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify({ sample: 'Rk1SACAyMAAAAA==' }), { status: 200 }),
    );
    const reader = serviceReader('http://127.0.0.1:15896/api', fetchImpl as unknown as typeof fetch);
    expect(await reader.capture('right-index')).toBe('Rk1SACAyMAAAAA==');
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://127.0.0.1:15896/api/capture',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ finger: 'right-index' }) }),
    );
    const bad = serviceReader(
      'http://x',
      (async () => new Response('{"sample":"<script>"}')) as unknown as typeof fetch,
    );
    await expect(bad.capture('right-index')).rejects.toBeInstanceOf(ReaderError);
    const down = serviceReader('http://x', (async () =>
      Promise.reject(new TypeError('down'))) as unknown as typeof fetch);
    await expect(down.capture('right-index')).rejects.toBeInstanceOf(ReaderError);
  });
});
