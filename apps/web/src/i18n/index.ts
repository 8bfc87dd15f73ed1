import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, DEFAULT_LANGUAGE, readStoredLanguage } from './languages.ts';
import { BUNDLED_NAMESPACES, loadFeatureLocale, resources } from './resources.ts';

/** Fetches a feature namespace the first time a screen asks for it (react-i18next suspends meanwhile). */
const featureLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadFeatureLocale(language, namespace).then(
      (texts) => callback(null, texts ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Starts i18next in the stored language and keeps `<html lang dir>` in step with it. */
export function initI18n(): typeof i18next {
  const language = readStoredLanguage();
  void i18next
    .use(featureLocaleBackend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['en', 'ar'],
      ns: BUNDLED_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  applyDocumentLanguage(language);
  return i18next;
}

export { i18next };
