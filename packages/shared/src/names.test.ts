import { describe, expect, it } from 'vitest';
import { ARABIC_NAME, ENGLISH_NAME, initialsOf } from './names.ts';

const isEnglishName = (name: string) => ENGLISH_NAME.test(name);
const isArabicName = (name: string) => ARABIC_NAME.test(name);

describe('initialsOf', () => {
  it('skips the joined Arabic definite article', () => {
    expect(initialsOf('عبدالله الشهري')).toBe('عش');
    expect(initialsOf('سارة الحربي')).toBe('سح');
    expect(initialsOf('نورة بنت محمد العتيبي')).toBe('نع');
    expect(initialsOf('محمد بن سلمان')).toBe('مس');
  });

  it('keeps the letters ال that begin a given name', () => {
    expect(initialsOf('الياس الحربي')).toBe('اح');
    expect(initialsOf('خالد')).toBe('خ');
  });

  it('takes the first and last names of an English name, past Al- and particles', () => {
    expect(initialsOf('Sara Al-Harbi')).toBe('SH');
    expect(initialsOf('Mohammed bin Salman')).toBe('MS');
    expect(initialsOf('ahmed el-sayed')).toBe('AS');
    expect(initialsOf('Alice Allen')).toBe('AA');
    expect(initialsOf('Administrator')).toBe('A');
    expect(initialsOf('  ')).toBe('');
  });
});

describe('name scripts', () => {
  it('an English name has Latin letters and no Arabic', () => {
    expect(isEnglishName('Sara Al-Harbi')).toBe(true);
    expect(isEnglishName('Riyadh — Olaya 2')).toBe(true);
    expect(isEnglishName('سارة الحربي')).toBe(false);
    expect(isEnglishName('Sara الحربي')).toBe(false);
    expect(isEnglishName('123')).toBe(false);
  });

  it('an Arabic name has Arabic letters and no Latin', () => {
    expect(isArabicName('سارة الحربي')).toBe(true);
    expect(isArabicName('Sara')).toBe(false);
    expect(isArabicName('سارة Al-Harbi')).toBe(false);
    expect(isArabicName('١٢٣')).toBe(false);
  });
});
