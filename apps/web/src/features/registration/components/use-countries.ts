import type { Language } from '@tasreeh/shared';
import countries from 'i18n-iso-countries';
import ar from 'i18n-iso-countries/langs/ar.json';
import en from 'i18n-iso-countries/langs/en.json';
import { useMemo } from 'react';

countries.registerLocale(en);
countries.registerLocale(ar);

const FIRST = 'SA';

/** Every country as a nationality choice, named in the UI language, Saudi Arabia first, then by name. */
export function useCountryOptions(language: Language): { value: string; label: string }[] {
  return useMemo(() => {
    const names = countries.getNames(language, { select: 'official' });
    const collator = new Intl.Collator(language);
    const options = Object.entries(names)
      .filter(([code]) => code !== FIRST)
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return [{ value: FIRST, label: names[FIRST] ?? FIRST }, ...options];
  }, [language]);
}
