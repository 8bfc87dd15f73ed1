import type { Language } from '@tasreeh/shared';

interface Named {
  nameEn: string;
  nameAr: string;
}

/** A student's, branch's or corporate's name in the UI language. */
export function nameIn(named: Named, language: Language): string {
  return language === 'ar' ? named.nameAr : named.nameEn;
}

/** The same name in the other language (shown under the first), and that language's tag. */
export function otherNameIn(named: Named, language: Language): { text: string; lang: Language } {
  return language === 'ar' ? { text: named.nameEn, lang: 'en' } : { text: named.nameAr, lang: 'ar' };
}
