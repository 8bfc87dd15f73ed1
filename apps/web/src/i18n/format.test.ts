import { describe, expect, it } from 'vitest';
import {
  dateOf,
  formatDate,
  formatHijriDate,
  formatNumber,
  formatPercent,
  formatSar,
  nameIn,
} from './format.ts';

const day = new Date('2026-03-01T12:00:00Z');

describe('Intl formatting', () => {
  it('writes numbers in Arabic digits in Arabic', () => {
    expect(formatNumber(120, 'en')).toBe('120');
    expect(formatNumber(120, 'ar')).toBe('١٢٠');
  });

  it('writes halalas as riyals', () => {
    expect(formatSar(15050, 'en')).toContain('150.50');
    expect(formatSar(15050, 'en')).toContain('SAR');
  });

  it('writes basis points as a percentage, in Arabic digits in Arabic', () => {
    expect(formatPercent(1500, 'en')).toBe('15%');
    expect(formatPercent(250, 'en')).toBe('2.5%');
    expect(formatPercent(1500, 'ar')).toMatch(/^١٥٪/);
  });

  it('names a record in the UI language', () => {
    expect(nameIn({ nameEn: 'Apron', nameAr: 'مريلة' }, 'en')).toBe('Apron');
    expect(nameIn({ nameEn: 'Apron', nameAr: 'مريلة' }, 'ar')).toBe('مريلة');
  });

  it('reads a stored day at noon UTC, so no time zone moves it', () => {
    expect(dateOf('2026-03-01').toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('keeps Gregorian dates Gregorian in Arabic, and gives Hijri dates by Umm al-Qura', () => {
    expect(formatDate(day, 'en')).toBe('1 March 2026');
    expect(formatDate(day, 'ar')).toContain('مارس');
    expect(formatHijriDate(day, 'en')).toMatch(/1447/);
  });
});
