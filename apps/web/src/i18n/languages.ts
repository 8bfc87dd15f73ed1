import type { Language } from '@tasreeh/shared';

export const DEFAULT_LANGUAGE: Language = 'en';
const LANG_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

/** The stored interface language (spec §3 local storage `lang`), `en` when none or unknown. */
export function readStoredLanguage(): Language {
  const stored = localStorage.getItem(LANG_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  localStorage.setItem(LANG_KEY, language);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Sets `<html lang dir>` so that the browser, screen readers and CSS follow the language. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
