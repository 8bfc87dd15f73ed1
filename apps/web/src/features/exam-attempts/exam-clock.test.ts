import { describe, expect, it } from 'vitest';
import { clockFrom, formatCountdown, resyncBySecondsLeft, secondsLeftOf } from './exam-clock.ts';

describe('the exam clock', () => {
  it("counts the server's time left even when the device clock is wrong", () => {
    // The device is 10 minutes slow: its 11:50 is the server's 12:00; the exam ends at 12:30.
    const device = Date.parse('2026-11-26T11:50:00Z');
    const clock = clockFrom({ serverNow: '2026-11-26T12:00:00Z', endsAt: '2026-11-26T12:30:00Z' }, device);
    expect(clock.offset).toBe(10 * 60_000);
    expect(secondsLeftOf(clock, device)).toBe(1800);
    expect(secondsLeftOf(clock, device + 61_500)).toBe(1739);
    expect(secondsLeftOf(clock, device + 3_600_000)).toBe(0);
  });

  it('is re-synced by every saved answer', () => {
    const device = 1_000_000;
    const clock = clockFrom(
      { serverNow: new Date(device).toISOString(), endsAt: new Date(device + 600_000).toISOString() },
      device,
    );
    // The device clock jumped 2 minutes ahead; the server says 590 s are left.
    const jumped = device + 130_000;
    const resynced = resyncBySecondsLeft(clock, 590, jumped);
    expect(secondsLeftOf(resynced, jumped)).toBe(590);
    // Within a second of agreement the finer offset is kept.
    expect(resyncBySecondsLeft(clock, 590, device + 10_200)).toBe(clock);
  });

  it('formats the time left', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});
