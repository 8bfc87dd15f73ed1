import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import {
  type BasisPoints,
  computeFees,
  DEFAULT_VAT_BASIS_POINTS,
  type Halalas,
  parseRiyals,
} from '../money.ts';
import { PRODUCT_STATUSES, PRODUCT_TYPES } from '../products.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { englishName, nameText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9-]{0,29}$/;

const optionalDescription = z
  .string()
  .trim()
  .max(2000, { error: 'TOO_LONG' satisfies MessageCode })
  .optional()
  .transform((value) => value || null);

/** A price typed in riyals in any digits, more than zero, kept in halalas. */
const price = z.string({ error: 'AMOUNT_INVALID' satisfies MessageCode }).transform((value, context) => {
  const halalas = parseRiyals(value);
  if (halalas === undefined || halalas === 0) {
    context.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' satisfies MessageCode });
  }
  return halalas ?? 0;
});

/** A VAT rate typed as "15" or "2.5" (Arabic digits too), kept in basis points; 15 % when left out. */
const vatRate = z
  .string({ error: 'PERCENT_INVALID' satisfies MessageCode })
  .optional()
  .transform((value, context): BasisPoints => {
    if (value === undefined || value.trim() === '') return DEFAULT_VAT_BASIS_POINTS;
    const hundredths = parseRiyals(value);
    if (hundredths === undefined || hundredths > 10_000) {
      context.addIssue({ code: 'custom', message: 'PERCENT_INVALID' satisfies MessageCode });
    }
    return hundredths ?? 0;
  });

/** A product as staff enter it (product-add, edit-product). */
export const ProductInput = z.strictObject({
  type: z.enum(PRODUCT_TYPES, { error: 'SELECT_PRODUCT_TYPE' satisfies MessageCode }),
  code: z
    .string({ error: 'REQUIRED' satisfies MessageCode })
    .transform((value) => normalizeDigits(value.trim()).toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: 'REQUIRED' satisfies MessageCode })
        .regex(PRODUCT_CODE, { error: 'PRODUCT_CODE_INVALID' satisfies MessageCode }),
    ),
  nameEn: englishName(120),
  nameAr: nameText(120),
  descriptionEn: optionalDescription,
  descriptionAr: optionalDescription,
  price,
  vatRate,
  /** Absent: active on create, unchanged on edit (the column's default, or the stored value). */
  status: z.enum(PRODUCT_STATUSES, { error: 'INVALID_VALUE' satisfies MessageCode }).optional(),
});
export type ProductInput = z.infer<typeof ProductInput>;

/** What a buyer pays: the price and VAT on it, added up by the shared money module. */
export function productPriceOf(product: { price: Halalas; vatRate: BasisPoints }) {
  const { vat, total } = computeFees({
    originalFee: product.price,
    amanaFee: { kind: 'amount', amount: 0 },
    vatRate: product.vatRate,
    vatOnOriginal: true,
    vatOnAmana: false,
  });
  return { vat, total };
}

const productFields = {
  id: z.number(),
  type: z.enum(PRODUCT_TYPES),
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  /** Halalas, before VAT. */
  price: z.number(),
  /** Basis points (15 % = 1500). */
  vatRate: z.number(),
  /** Halalas. */
  vat: z.number(),
  /** Halalas: price plus VAT. */
  total: z.number(),
  /** The product's image, served to anyone at `/api/public/product-images/{imageFileId}`; null when it has none. */
  imageFileId: z.string().nullable(),
};

export const Product = z.object({
  ...productFields,
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: Abilities('update'),
});
export type Product = z.infer<typeof Product>;

export const PRODUCT_SORTS = ['nameEn', 'nameAr', 'code', 'price', 'createdAt'] as const;
export const ProductListQuery = listQuery(PRODUCT_SORTS).extend({
  type: z.enum(PRODUCT_TYPES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
});
export const ProductPage = listPage(Product);
export const ProductCountQuery = countQueryOf(ProductListQuery);

/** A product in the public catalogue: active ones only, without staff fields. */
export const PublicProduct = z.object(productFields);
export type PublicProduct = z.infer<typeof PublicProduct>;

export const PUBLIC_PRODUCT_SORTS = ['nameEn', 'nameAr', 'price'] as const;
export const PublicProductListQuery = listQuery(PUBLIC_PRODUCT_SORTS).extend({
  type: z.enum(PRODUCT_TYPES).optional(),
});
export const PublicProductPage = listPage(PublicProduct);
export const PublicProductCountQuery = countQueryOf(PublicProductListQuery);
