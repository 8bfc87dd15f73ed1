import type { Language } from '@tasreeh/shared';

/** A name in the other language than the UI's (shown under the first), and that language's tag. */
export function otherNameIn(
  named: { nameEn: string; nameAr: string },
  language: Language,
): { text: string; lang: Language } {
  return language === 'ar' ? { text: named.nameEn, lang: 'en' } : { text: named.nameAr, lang: 'ar' };
}
