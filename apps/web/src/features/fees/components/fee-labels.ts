import type { Language } from '@tasreeh/shared';

const LOCALE: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };

/** A rate in basis points (1500) as a percentage in the UI language (15%, ١٥٪). */
export function formatPercent(basisPoints: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}

/** A fee setup's name in the UI language. */
export function feeName(setup: { nameEn: string; nameAr: string }, language: Language): string {
  return language === 'ar' ? setup.nameAr : setup.nameEn;
}
