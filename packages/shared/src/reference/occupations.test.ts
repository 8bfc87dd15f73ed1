import { describe, expect, it } from 'vitest';
import { ARABIC_NAME, ENGLISH_NAME } from '../names.ts';
import { findOccupation, OCCUPATIONS, occupationName } from './occupations.ts';

describe('occupations', () => {
  it('have an id and a name in each language, none of them shared with another', () => {
    const keys = OCCUPATIONS.flatMap((known) => [...new Set([known.id, known.en.toLowerCase(), known.ar])]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const known of OCCUPATIONS) {
      expect(known.en).toMatch(ENGLISH_NAME);
      expect(known.ar).toMatch(ARABIC_NAME);
    }
  });

  it('are found by id or by either name, in any case and spacing', () => {
    expect(findOccupation('cook')?.ar).toBe('طباخ');
    expect(findOccupation('  kitchen HELPER ')?.id).toBe('kitchen-helper');
    expect(findOccupation('حلاق')?.en).toBe('Barber');
    expect(findOccupation('Astronaut')).toBeUndefined();
  });

  it('are shown in the reader language; anything else as it was typed', () => {
    expect(occupationName('Cook', 'ar')).toBe('طباخ');
    expect(occupationName('طباخ', 'en')).toBe('Cook');
    expect(occupationName('Pastry chef', 'en')).toBe('Pastry chef');
    expect(occupationName('Shawarma maker', 'ar')).toBe('Shawarma maker');
  });
});
