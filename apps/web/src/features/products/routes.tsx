import { IconShoppingBag } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage, PublicPage } from '../../app/route-types.ts';

const ProductListPage = lazyPage(() =>
  import('./pages/product-list-page.tsx').then((module) => module.ProductListPage),
);
const AddProductPage = lazyPage(() =>
  import('./pages/product-form-page.tsx').then((module) => module.AddProductPage),
);
const EditProductPage = lazyPage(() =>
  import('./pages/product-form-page.tsx').then((module) => module.EditProductPage),
);
export const CataloguePage = lazyPage(() =>
  import('./pages/catalogue-page.tsx').then((module) => module.CataloguePage),
);
const ProductDetailsPage = lazyPage(() =>
  import('./pages/product-details-page.tsx').then((module) => module.ProductDetailsPage),
);
const ProductPaymentPage = lazyPage(() =>
  import('./pages/product-payment-page.tsx').then((module) => module.ProductPaymentPage),
);

/** Spec §2 Admin area: product (read_16); product-add and edit-product/{id} (read_16 plus create_16). */
export const productsAdminPages: AreaPage[] = [
  {
    path: 'product',
    page: ProductListPage,
    rule: { permissions: ['read_16'] },
    nav: { labelKey: 'products:nav', icon: IconShoppingBag, section: 'catalogue', order: 10 },
  },
  { path: 'product-add', page: AddProductPage, rule: { permissions: ['read_16', 'create_16'] } },
  { path: 'edit-product/:id', page: EditProductPage, rule: { permissions: ['read_16', 'create_16'] } },
];

/** Spec §2 Public: the catalogue, a product's details and its (not yet open) payment page. */
export const productsPublicPages: PublicPage[] = [
  { path: '/products', page: CataloguePage },
  { path: '/product-details/:id', page: ProductDetailsPage },
  { path: '/product-payment/:id', page: ProductPaymentPage },
];
