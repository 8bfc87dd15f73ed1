import { centreDay } from '@tasreeh/shared';
import type { StatsPeriod } from './api.ts';

/** The dashboard's choices of period: the last 7 or 30 days (today included), this year, or two days chosen. */
export const PERIOD_CHOICES = ['7d', '30d', 'year', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

const DAY_MS = 86_400_000;

/** The centre's calendar day `daysBefore` days before the day of `now`, `YYYY-MM-DD` (the server counts by Riyadh days). */
export function riyadhDay(now: Date, daysBefore = 0): string {
  return centreDay(new Date(now.getTime() - daysBefore * DAY_MS));
}

/** The days of a choice; `custom` takes the two days chosen (either may be blank: no bound). */
export function periodOf(choice: PeriodChoice, now: Date, custom: StatsPeriod): StatsPeriod {
  const today = riyadhDay(now);
  if (choice === '7d') return { from: riyadhDay(now, 6), to: today };
  if (choice === '30d') return { from: riyadhDay(now, 29), to: today };
  if (choice === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  return custom;
}

/** Whether a period ends before it starts (the server refuses it with EXAM_STATS_RANGE). */
export function isBackwards(period: StatsPeriod): boolean {
  return period.from !== '' && period.to !== '' && period.from > period.to;
}
