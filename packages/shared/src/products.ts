/**
 * Product facts without Zod (spec §3 Product): screens that only list products (the public
 * catalogue) read them without loading the schemas of `schemas/products.ts`.
 */

/** Spec §3 Product: physical and online products exist. */
export const PRODUCT_TYPES = ['physical', 'online'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;

/** A product image: public, so no personal data; checked by its bytes. */
export const PRODUCT_IMAGE_RULE = {
  required: true,
  maxMegabytes: 2,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
