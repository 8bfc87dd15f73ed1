import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PRODUCT_TYPES, type ProductType, type PublicProduct } from '@tasreeh/shared';
import { answer, isNumber, isString, nullable, oneOf, pageOf } from '../../api/answer-check.ts';
import { apiRequest } from '../../api/client.ts';
import { apiBaseOf, environmentOf } from '../../api/environment.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/**
 * The public catalogue's calls, anyone's: their answers are checked by hand, so that `/products`
 * (a first page, decision 0010) loads no Zod; a test holds the checks to the shared
 * `PublicProduct` and `PublicProductPage`. The staff's product calls are in `api.ts`.
 */
export const PublicProductAnswer = answer<PublicProduct>({
  id: isNumber,
  type: oneOf(PRODUCT_TYPES),
  code: isString,
  nameEn: isString,
  nameAr: isString,
  descriptionEn: nullable(isString),
  descriptionAr: nullable(isString),
  price: isNumber,
  vatRate: isNumber,
  vat: isNumber,
  total: isNumber,
  imageFileId: nullable(isString),
});

export const PublicProductPageAnswer = pageOf(PublicProductAnswer.is);

/** What the public catalogue asks for: active products only, so no status. */
export interface CatalogueParams {
  search: string;
  sort: 'nameEn' | 'nameAr' | 'price';
  type: '' | ProductType;
  cursor: string | undefined;
  limit: number;
}

/** Where anyone's browser loads a product image from (product images are public). */
export function productImageSrc(fileId: string): string {
  return `${apiBaseOf(environmentOf(window.location.hostname))}/public/product-images/${fileId}`;
}

export const catalogueQuery = (params: CatalogueParams) =>
  queryOptions({
    queryKey: ['products', 'public', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/public/products', params), { schema: PublicProductPageAnswer, signal }),
    placeholderData: keepPreviousData,
  });

/** How many products on offer match a list's search and filters (asked once per filter). */
export const catalogueCountQuery = (params: CatalogueParams) =>
  listCountQuery(['products', 'public'], '/public/products', params);

export const publicProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'public', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/public/products/${id}`, { schema: PublicProductAnswer, signal }),
  });
