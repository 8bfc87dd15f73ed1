import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backgroundTick } from './background.ts';

/** A logger keeping each line's level and message. */
function recordingLog() {
  const lines: string[] = [];
  const at = (level: string) => (_fields: unknown, message: string) => lines.push(`${level} ${message}`);
  // Only the three levels a tick uses are called; the rest of the interface is never reached.
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const lost = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('backgroundTick', () => {
  it('never rejects, logs a database outage once and the recovery once', async () => {
    const { log, lines } = recordingLog();
    const outcomes = [lost(), lost(), lost(), undefined, lost(), undefined];
    let calls = 0;
    const tick = backgroundTick('the sweep', log, async () => {
      const outcome = outcomes[calls++];
      if (outcome) throw outcome;
    });
    for (const _ of outcomes) await tick();
    expect(calls).toBe(outcomes.length);
    expect(lines).toEqual([
      'warn the sweep: the database is unavailable; retrying every tick',
      'info the sweep: the database answers again, resumed',
      'warn the sweep: the database is unavailable; retrying every tick',
      'info the sweep: the database answers again, resumed',
    ]);
  });

  it('logs any other failure every time', async () => {
    const { log, lines } = recordingLog();
    const tick = backgroundTick('the sweep', log, async () => {
      throw new Error('a bug');
    });
    await tick();
    await tick();
    expect(lines).toEqual(['error the sweep failed', 'error the sweep failed']);
  });

  it('does not start a tick while the last one still runs', async () => {
    const { log } = recordingLog();
    let calls = 0;
    let finish = () => {};
    const tick = backgroundTick('the sweep', log, () => {
      calls++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const first = tick();
    await tick();
    expect(calls).toBe(1);
    finish();
    await first;
    const next = tick();
    expect(calls).toBe(2);
    finish();
    await next;
  });
});
