import type { Language } from './language.ts';

/** An amount in riyals as the web app writes it: Saudi riyals, Latin digits in both languages (decision 0012). */
export const sar = (riyals: number, language: Language) =>
  new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB', {
    style: 'currency',
    currency: 'SAR',
    numberingSystem: 'latn',
  }).format(riyals);
