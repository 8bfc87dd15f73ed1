import { type Product, type ProductInput, type PublicProduct, productPriceOf } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import { productsPolicy } from './policy.ts';
import * as repo from './repo.ts';

type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.findProduct>>>;

function toPublicProduct(row: ProductRow): PublicProduct {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    price: row.price,
    vatRate: row.vatRate,
    ...productPriceOf(row),
    imageFileId: row.imageFileId,
  };
}

function toProduct(ctx: Ctx, row: ProductRow): Product {
  return {
    ...toPublicProduct(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: productsPolicy.abilities(ctx.actor, row, ['update']),
  };
}

/** The staff list: every product of the centre, searched, filtered and sorted on the server. */
export async function listProducts(ctx: Ctx, query: repo.ProductListFilter) {
  const page = await repo.listProducts(ctx.db, query);
  return {
    ...page,
    items: page.items.map((row) => toProduct(ctx, row)),
    abilities: productsPolicy.abilities(ctx.actor, undefined, ['create']),
  };
}

/** How many of the centre's products match the filters (capped). */
export function countProducts(ctx: Ctx, query: repo.ProductFilter) {
  return repo.countProducts(ctx.db, query);
}

/** One product for staff, whatever its status. */
export async function getProduct(ctx: Ctx, id: number): Promise<Product> {
  const row = await repo.findProduct(ctx.db, id);
  if (!row) throw notFound();
  return toProduct(ctx, row);
}

/** The public catalogue: active products only. */
export async function listPublicProducts(ctx: Ctx, query: Omit<repo.ProductListFilter, 'status'>) {
  const page = await repo.listProducts(ctx.db, { ...query, status: 'active' });
  return { ...page, items: page.items.map(toPublicProduct) };
}

/** How many active products match the filters (capped). */
export function countPublicProducts(ctx: Ctx, query: Omit<repo.ProductFilter, 'status'>) {
  return repo.countProducts(ctx.db, { ...query, status: 'active' });
}

/** A product's public page; an inactive product is not found, as if it did not exist. */
export async function getPublicProduct(ctx: Ctx, id: number): Promise<PublicProduct> {
  const row = await repo.findProduct(ctx.db, id);
  if (row?.status !== 'active') throw notFound();
  return toPublicProduct(row);
}

/** A repeated code is a registered record; a repeated name in either language is a taken name. */
function clashOn(field: 'code' | 'nameEn' | 'nameAr') {
  const code = field === 'code' ? 'RECORDS_ALREADY_REGISTERED' : 'NAME_EXISTS';
  return new AppError(code, { status: 409, fields: { [field]: code } });
}

async function refuseClash(ctx: Ctx, input: ProductInput, exceptId?: number) {
  const field = await repo.findClash(ctx.db, input, exceptId);
  if (field) throw clashOn(field);
}

/** The field a unique index of `products` guards: the one a parallel save took. */
function duplicateOf(constraint: string | undefined) {
  if (constraint === 'products_name_en_key') return clashOn('nameEn');
  if (constraint === 'products_name_ar_key') return clashOn('nameAr');
  return clashOn('code');
}

/** Adds a product; its code and both names must be new. */
export const createProduct = command({
  name: 'product.create',
  entity: 'products',
  authorize: productsPolicy.authorize('create'),
  run: async (ctx, input: ProductInput) => {
    await refuseClash(ctx, input);
    return { id: await repo.insertProduct(ctx.db, input) };
  },
  duplicate: duplicateOf,
  message: 'RECORDS_SAVED',
});

/** Changes a product; price and status changes are audited with before and after. */
export const updateProduct = command({
  name: 'product.update',
  entity: 'products',
  load: (ctx, { id }: { id: number; input: ProductInput }) => getProduct(ctx, id),
  authorize: productsPolicy.authorize('update'),
  run: async (ctx, { id, input }) => {
    await refuseClash(ctx, input, id);
    await repo.updateProduct(ctx.db, id, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: duplicateOf,
  message: 'RECORDS_UPDATED',
});
