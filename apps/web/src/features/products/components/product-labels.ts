import type { Language, PublicProduct } from '@tasreeh/shared';

/** A product's description in the UI language, else the one it has, with that one's language. */
export function productDescription(
  product: Pick<PublicProduct, 'descriptionEn' | 'descriptionAr'>,
  language: Language,
): { text: string; lang: Language } | undefined {
  const own = language === 'ar' ? product.descriptionAr : product.descriptionEn;
  if (own) return { text: own, lang: language };
  const other = language === 'ar' ? product.descriptionEn : product.descriptionAr;
  return other ? { text: other, lang: language === 'ar' ? 'en' : 'ar' } : undefined;
}
