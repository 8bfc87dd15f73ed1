import type { Language } from '@tasreeh/shared';

/** An exam's title in the UI language. */
export function titleIn(exam: { titleEn: string; titleAr: string }, language: Language): string {
  return language === 'ar' ? exam.titleAr : exam.titleEn;
}
