import type { Page } from '@playwright/test';

export type Language = 'en' | 'ar';
export const LANGUAGES: readonly Language[] = ['en', 'ar'];

/** Starts the page in a language, as a returning user who chose it would (local storage `lang`). */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => {
    if (!window.sessionStorage.getItem('e2e-language-set')) {
      window.localStorage.setItem('lang', lang);
      window.sessionStorage.setItem('e2e-language-set', '1');
    }
  }, language);
}
