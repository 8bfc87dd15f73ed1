import { describe, expect, it } from 'vitest';
import { ARABIC_NAME, ENGLISH_NAME, hasDirectionCharacters, initialsOf } from './names.ts';
import { arabicName, displayText, englishName, nameText } from './schemas/common.ts';
import type { z } from './zod.ts';

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

describe('characters that reorder text', () => {
  const REORDERING = [
    ['U+202A LRE', '\u202A'],
    ['U+202B RLE', '\u202B'],
    ['U+202C PDF', '\u202C'],
    ['U+202D LRO', '\u202D'],
    ['U+202E RLO', '\u202E'],
    ['U+2066 LRI', '\u2066'],
    ['U+2067 RLI', '\u2067'],
    ['U+2068 FSI', '\u2068'],
    ['U+2069 PDI', '\u2069'],
    ['U+200E LRM', '\u200E'],
    ['U+200F RLM', '\u200F'],
    ['U+061C ALM', '\u061C'],
  ] as const;

  const codesOf = (schema: z.ZodType, value: string) =>
    schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it.each(REORDERING)('%s is found anywhere in a text', (_name, character) => {
    expect(hasDirectionCharacters(`${character}Sara`)).toBe(true);
    expect(hasDirectionCharacters(`سارة${character}الحربي`)).toBe(true);
    expect(hasDirectionCharacters(`Sara${character}`)).toBe(true);
  });

  it.each(REORDERING)('%s is refused in a name, first and with its own message', (_name, character) => {
    for (const [schema, name] of [
      [englishName(120), `Sara ${character}Al-Harbi`],
      [arabicName(120), `سارة ${character}الحربي`],
      [nameText(120), `شركة ${character}ABC`],
      [displayText('ENTER_BATCH_NUMBER', 50), `B-${character}2026`],
    ] as const) {
      expect(codesOf(schema, name)[0]).toBe('TEXT_HAS_DIRECTION_CHARACTERS');
    }
  });

  it('accepts names as people write them: Arabic marks and joiners, accents, hyphens, apostrophes', () => {
    for (const name of [
      'مُحَمَّد بن عَبْدِ الله',
      'محـــمد',
      'عبد\u200Cالله',
      'عائشة آل سعود',
      'يوسف الأنصاري',
      'نورة بنت سعد',
      'ابن\u200Dسينا',
    ]) {
      expect(codesOf(arabicName(120), name)).toEqual([]);
      expect(hasDirectionCharacters(name)).toBe(false);
    }
    for (const name of [
      'José Núñez',
      "Sean O'Neil",
      'Sara Al-Harbi',
      'Mohammed bin Salman',
      'Anne-Marie Dupont',
    ]) {
      expect(codesOf(englishName(120), name)).toEqual([]);
    }
    expect(codesOf(nameText(160), 'شركة نجد للإعاشة ABC')).toEqual([]);
  });
});
