import { describe, expect, it } from 'vitest';
import { centreDay, centreDayStart } from './scheduling.ts';

describe('centre days', () => {
  it('starts a day at midnight in Riyadh, and the next one a day later', () => {
    expect(centreDayStart('2026-11-26').toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(centreDayStart('2026-11-26', 1).toISOString()).toBe('2026-11-26T21:00:00.000Z');
  });

  it('counts an instant on the centre day it falls on, whatever the UTC date', () => {
    expect(centreDay(centreDayStart('2026-11-26'))).toBe('2026-11-26');
    expect(centreDay(new Date(centreDayStart('2026-11-26', 1).getTime() - 1))).toBe('2026-11-26');
  });
});
