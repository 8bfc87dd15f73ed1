import { useDirection } from '@mantine/core';
import type { Language } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { applyDocumentLanguage, directionOf, isLanguage, storeLanguage } from './languages.ts';

/** The current language and a setter that stores it and turns the page's direction with it. */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const setLanguage = (next: Language) => {
    storeLanguage(next);
    applyDocumentLanguage(next);
    setDirection(directionOf(next));
    void i18n.changeLanguage(next);
  };
  return { language, setLanguage };
}
