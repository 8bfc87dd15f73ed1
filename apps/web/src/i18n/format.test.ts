import { describe, expect, it } from 'vitest';
import {
  dateOf,
  dateTimeFormat,
  formatCentreDateTime,
  formatDate,
  formatHijriDate,
  formatNumber,
  formatPercent,
  formatSar,
  nameIn,
  nameInOrOther,
  numberFormat,
} from './format.ts';

const day = new Date('2026-03-01T12:00:00Z');

describe('Intl formatting', () => {
  it('writes numbers in Latin digits in both languages (decision 0012)', () => {
    expect(formatNumber(120, 'en')).toBe('120');
    expect(formatNumber(120, 'ar')).toBe('120');
    expect(formatNumber(41_250, 'ar')).toBe('41,250');
  });

  it('writes halalas as riyals', () => {
    expect(formatSar(15050, 'en')).toContain('150.50');
    expect(formatSar(15050, 'en')).toContain('SAR');
  });

  it('writes basis points as a percentage', () => {
    expect(formatPercent(1500, 'en')).toBe('15%');
    expect(formatPercent(250, 'en')).toBe('2.5%');
    expect(formatPercent(1500, 'ar')).toContain('15');
  });

  it("shows a moment on the centre's clock, whatever the device's zone (decision 0012)", () => {
    // 21:30 UTC is already the next day in Riyadh (UTC+3), wherever the test runs.
    const late = '2026-11-26T21:30:00Z';
    expect(formatCentreDateTime(late, 'en')).toBe('27 Nov 2026, 00:30');
    expect(formatCentreDateTime(late, 'ar')).toContain('2026');
    expect(formatCentreDateTime(late, 'ar')).toMatch(/27/);
  });

  it('names a record in the UI language', () => {
    expect(nameIn({ nameEn: 'Apron', nameAr: 'مريلة' }, 'en')).toBe('Apron');
    expect(nameIn({ nameEn: 'Apron', nameAr: 'مريلة' }, 'ar')).toBe('مريلة');
  });

  it('falls back to the other name where a record has none in the UI language', () => {
    expect(nameInOrOther({ nameEn: 'Amin', nameAr: 'أمين' }, 'ar')).toBe('أمين');
    expect(nameInOrOther({ nameEn: 'Amin', nameAr: '' }, 'ar')).toBe('Amin');
    expect(nameInOrOther({ nameEn: '', nameAr: 'أمين' }, 'en')).toBe('أمين');
  });

  it('reads a stored day at noon UTC, so no time zone moves it', () => {
    expect(dateOf('2026-03-01').toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('keeps Gregorian dates Gregorian in Arabic, and gives Hijri dates by Umm al-Qura', () => {
    expect(formatDate(day, 'en')).toBe('1 March 2026');
    expect(formatDate(day, 'ar')).toContain('مارس');
    expect(formatHijriDate(day, 'en')).toMatch(/1447/);
  });

  it('never writes the other digit system on an Arabic or an English page', () => {
    const otherDigits = /[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]/u;
    for (const language of ['ar', 'en'] as const) {
      const written = [
        formatNumber(1_234_567.5, language),
        formatSar(15_050, language),
        formatSar(123_456_789, language),
        formatPercent(1250, language),
        formatDate(day, language),
        formatHijriDate(day, language),
      ];
      for (const text of written)
        expect({ language, text, other: otherDigits.test(text) }).toMatchObject({ other: false });
      expect(written.join(' ')).toMatch(/[0-9]/);
    }
  });

  it('makes each formatter once per language and options (a list of prices makes none anew)', () => {
    expect(numberFormat('ar', { style: 'currency', currency: 'SAR' })).toBe(
      numberFormat('ar', { style: 'currency', currency: 'SAR' }),
    );
    expect(numberFormat('ar')).not.toBe(numberFormat('en'));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { style: 'percent' }));
    expect(dateTimeFormat('en', { dateStyle: 'long' })).toBe(dateTimeFormat('en', { dateStyle: 'long' }));
    expect(dateTimeFormat('en', { dateStyle: 'long' })).not.toBe(
      dateTimeFormat('en', { dateStyle: 'short' }),
    );
  });
});
