import type { Language, PublicProduct } from '@tasreeh/shared';

type Named = Pick<PublicProduct, 'nameEn' | 'nameAr'>;

/** A product's name in the UI language. */
export function productName(product: Named, language: Language): string {
  return language === 'ar' ? product.nameAr : product.nameEn;
}

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

/** A VAT rate in basis points as a percentage in the UI language ("15%", "١٥٪"). */
export function formatVatRate(basisPoints: number, language: Language): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}
