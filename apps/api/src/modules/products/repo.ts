import type { ProductInput, ProductType } from '@tasreeh/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import {
  countMatches,
  keysetPage,
  matchesSearch,
  matchingRows,
  type PageRequest,
  type SortSpec,
} from '../../lib/keyset.ts';

const columns = {
  id: products.id,
  type: products.type,
  code: products.code,
  nameEn: products.nameEn,
  nameAr: products.nameAr,
  descriptionEn: products.descriptionEn,
  descriptionAr: products.descriptionAr,
  price: products.price,
  vatRate: products.vatRate,
  imageFileId: products.imageFileId,
  status: products.status,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type Sortable = { id: number; nameEn: string; nameAr: string; code: string; price: number; createdAt: Date };
export const PRODUCT_SORT_SPECS: Record<
  'nameEn' | 'nameAr' | 'code' | 'price' | 'createdAt',
  SortSpec<Sortable>
> = {
  nameEn: { column: products.nameEn, valueOf: (row) => row.nameEn },
  nameAr: { column: products.nameAr, valueOf: (row) => row.nameAr },
  code: { column: products.code, valueOf: (row) => row.code },
  price: { column: products.price, valueOf: (row) => row.price, kind: 'integer' },
  createdAt: {
    column: products.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
};

export interface ProductFilter {
  search?: string;
  type?: ProductType;
  status?: 'active' | 'inactive';
}

export type ProductListFilter = ProductFilter & PageRequest & { sort: keyof typeof PRODUCT_SORT_SPECS };

/** Products a filter matches (every product: the catalogue belongs to the whole centre, not a branch). */
function productsMatching(filter: ProductFilter) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.type) conditions.push(eq(products.type, filter.type));
  if (filter.status) conditions.push(eq(products.status, filter.status));
  if (filter.search) conditions.push(matchesSearch(products.searchText, filter.search));
  return and(...conditions);
}

export async function listProducts(db: Db, filter: ProductListFilter) {
  return keysetPage(filter, {
    rows: db.select(columns).from(products).$dynamic(),
    where: productsMatching(filter),
    sort: PRODUCT_SORT_SPECS[filter.sort],
    idColumn: products.id,
  });
}

export function countProducts(db: Db, filter: ProductFilter) {
  return countMatches(db, matchingRows(db).from(products).where(productsMatching(filter)).$dynamic());
}

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select(columns).from(products).where(eq(products.id, id));
  return row;
}

/** The product row locked for a change of its image: parallel replacements each remove the one before. */
export async function lockProduct(db: Db, id: number) {
  const [row] = await db.select(columns).from(products).where(eq(products.id, id)).for('update');
  return row;
}

/** Which unique value of another product the input repeats: its code, or one of its names. */
export async function findClash(db: Db, input: ProductInput, exceptId?: number) {
  const [row] = await db
    .select({ code: products.code, nameEn: products.nameEn, nameAr: products.nameAr })
    .from(products)
    .where(
      and(
        or(
          eq(products.code, input.code),
          eq(sql`lower(${products.nameEn})`, input.nameEn.toLowerCase()),
          eq(products.nameAr, input.nameAr),
        ),
        exceptId === undefined ? undefined : sql`${products.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (row.code === input.code) return 'code';
  return row.nameAr === input.nameAr ? 'nameAr' : 'nameEn';
}

function columnsOf(input: ProductInput) {
  return {
    type: input.type,
    code: input.code,
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    descriptionEn: input.descriptionEn,
    descriptionAr: input.descriptionAr,
    price: input.price,
    vatRate: input.vatRate,
    status: input.status,
  };
}

export async function insertProduct(db: Db, input: ProductInput) {
  const [row] = await db.insert(products).values(columnsOf(input)).returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  return row.id;
}

export async function updateProduct(db: Db, id: number, input: ProductInput) {
  await db.update(products).set(columnsOf(input)).where(eq(products.id, id));
}

export async function setProductImage(db: Db, id: number, fileId: string) {
  await db.update(products).set({ imageFileId: fileId }).where(eq(products.id, id));
}
