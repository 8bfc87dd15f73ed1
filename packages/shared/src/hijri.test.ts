import { describe, expect, it } from 'vitest';
import { gregorianToHijri, hijriMonthLength, hijriToGregorian } from './hijri.ts';

/** Known Umm al-Qura days (the Saudi official calendar), Hijri → Gregorian. */
const KNOWN_PAIRS: [year: number, month: number, day: number, gregorian: string][] = [
  [1445, 9, 1, '2024-03-11'], // 1 Ramadan 1445
  [1446, 1, 1, '2024-07-07'], // 1 Muharram 1446
  [1445, 10, 1, '2024-04-10'], // Eid al-Fitr 1445
  [1445, 12, 10, '2024-06-16'], // Eid al-Adha 1445
  [1446, 9, 1, '2025-03-01'], // 1 Ramadan 1446
  [1300, 1, 1, '1882-11-12'], // first day of ICU's Umm al-Qura table
  [1600, 12, 30, '2174-11-25'], // its last day
];

describe('hijriToGregorian', () => {
  it.each(KNOWN_PAIRS)('%i-%i-%i AH is %s', (year, month, day, gregorian) => {
    expect(hijriToGregorian(year, month, day)).toBe(gregorian);
  });

  it('refuses a 30th day in a 29-day month', () => {
    expect(hijriMonthLength(1445, 9)).toBe(30);
    expect(hijriMonthLength(1446, 9)).toBe(29);
    expect(hijriToGregorian(1446, 9, 30)).toBeUndefined();
    expect(hijriToGregorian(1446, 9, 29)).toBe('2025-03-29');
  });

  it('refuses days, months and years that do not exist or lie outside 1300–1600 AH', () => {
    expect(hijriToGregorian(1445, 13, 1)).toBeUndefined();
    expect(hijriToGregorian(1445, 0, 1)).toBeUndefined();
    expect(hijriToGregorian(1445, 1, 0)).toBeUndefined();
    expect(hijriToGregorian(1445, 1, 31)).toBeUndefined();
    expect(hijriToGregorian(1445.5, 1, 1)).toBeUndefined();
    expect(hijriToGregorian(1299, 12, 29)).toBeUndefined();
    expect(hijriToGregorian(1601, 1, 1)).toBeUndefined();
    expect(hijriToGregorian(Number.NaN, 1, 1)).toBeUndefined();
  });

  it('gives consecutive Gregorian days for consecutive Hijri days across a whole year', () => {
    let previous = hijriToGregorian(1410, 1, 1);
    for (let month = 1; month <= 12; month++) {
      const length = hijriMonthLength(1410, month) ?? 0;
      for (let day = month === 1 ? 2 : 1; day <= length; day++) {
        const current = hijriToGregorian(1410, month, day);
        expect(Date.parse(`${current}T00:00:00Z`) - Date.parse(`${previous}T00:00:00Z`)).toBe(86_400_000);
        previous = current;
      }
    }
  });
});

describe('gregorianToHijri', () => {
  it.each(KNOWN_PAIRS)('%i-%i-%i AH is %s, read backwards', (year, month, day, gregorian) => {
    expect(gregorianToHijri(gregorian)).toEqual({ year, month, day });
  });

  it('takes a Date by its UTC calendar day', () => {
    expect(gregorianToHijri(new Date(Date.UTC(2024, 2, 11, 23, 30)))).toEqual({
      year: 1445,
      month: 9,
      day: 1,
    });
  });

  it('round-trips every day of a few decades', () => {
    for (let ms = Date.UTC(1960, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 86_400_000 * 7) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      const hijri = gregorianToHijri(iso);
      expect(hijri).toBeDefined();
      if (hijri) expect(hijriToGregorian(hijri.year, hijri.month, hijri.day)).toBe(iso);
    }
  });

  it('refuses invalid dates and dates outside 1300–1600 AH', () => {
    expect(gregorianToHijri('2024-02-30')).toBeUndefined();
    expect(gregorianToHijri('11/03/2024')).toBeUndefined();
    expect(gregorianToHijri('1882-11-11')).toBeUndefined();
    expect(gregorianToHijri('2174-11-26')).toBeUndefined();
    expect(gregorianToHijri(new Date(Number.NaN))).toBeUndefined();
  });
});
