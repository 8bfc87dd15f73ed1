import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, DEFAULT_LANGUAGE, readStoredLanguage } from './languages.ts';
import { NAMESPACES, resources } from './resources.ts';

/** Starts i18next in the stored language and keeps `<html lang dir>` in step with it. */
export function initI18n(): typeof i18next {
  const language = readStoredLanguage();
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'ar'],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  applyDocumentLanguage(language);
  return i18next;
}

export { i18next };
