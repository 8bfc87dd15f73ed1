import {
  type Product,
  type ProductInput,
  type PublicProduct,
  productPriceOf,
  translateMessage,
} from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { writeRefusingDuplicates } from '../../lib/unique-violation.ts';
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

function toProduct(row: ProductRow): Product {
  return {
    ...toPublicProduct(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The staff list: every product of the centre, searched, filtered and sorted on the server. */
export async function listProducts(ctx: Ctx, query: repo.ProductListFilter) {
  const page = await repo.listProducts(ctx.db, query);
  return { ...page, items: page.items.map(toProduct) };
}

/** One product for staff, whatever its status. */
export async function getProduct(ctx: Ctx, id: number): Promise<Product> {
  const row = await repo.findProduct(ctx.db, id);
  if (!row) throw notFound();
  return toProduct(row);
}

/** The public catalogue: active products only. */
export async function listPublicProducts(ctx: Ctx, query: Omit<repo.ProductListFilter, 'status'>) {
  const page = await repo.listProducts(ctx.db, { ...query, status: 'active' });
  return { ...page, items: page.items.map(toPublicProduct) };
}

/** A product's public page; an inactive product is not found, as if it did not exist. */
export async function getPublicProduct(ctx: Ctx, id: number): Promise<PublicProduct> {
  const row = await repo.findProduct(ctx.db, id);
  if (row?.status !== 'active') throw notFound();
  return toPublicProduct(row);
}

/** A repeated code is a registered record; a repeated name in either language is a taken name. */
async function refuseClash(ctx: Ctx, input: ProductInput, exceptId?: number) {
  const field = await repo.findClash(ctx.db, input, exceptId);
  if (!field) return;
  const code = field === 'code' ? 'RECORDS_ALREADY_REGISTERED' : 'NAME_EXISTS';
  throw new AppError(code, { status: 409, fields: { [field]: code } });
}

/** Adds a product; its code and both names must be new. */
export async function createProduct(ctx: Ctx, input: ProductInput) {
  const actor = actorOf(ctx);
  const id = await writeRefusingDuplicates(
    () => refuseClash(ctx, input),
    () =>
      ctx.db.transaction(async (tx) => {
        const productId = await repo.insertProduct(tx, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'product.create',
          entity: 'products',
          entityId: productId,
          after: input,
          ip: ctx.ip,
        });
        return productId;
      }),
  );
  return { id, message: translateMessage('RECORDS_SAVED', ctx.lang) };
}

/** Changes a product; price and status changes are audited with before and after. */
export async function updateProduct(ctx: Ctx, id: number, input: ProductInput) {
  const actor = actorOf(ctx);
  const before = await getProduct(ctx, id);
  await writeRefusingDuplicates(
    () => refuseClash(ctx, input, id),
    () =>
      ctx.db.transaction(async (tx) => {
        await repo.updateProduct(tx, id, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'product.update',
          entity: 'products',
          entityId: id,
          before,
          after: input,
          ip: ctx.ip,
        });
      }),
  );
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
