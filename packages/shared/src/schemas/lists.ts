import { z } from '../zod.ts';

export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * The query of every list: free-text search, sort, and keyset pagination (`cursor` is the
 * opaque `nextCursor` of the previous page). `sortKeys` are the columns a list sorts by.
 */
export function listQuery<const Keys extends readonly [string, ...string[]]>(sortKeys: Keys) {
  return z.strictObject({
    search: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
    sort: z.enum(sortKeys).default(sortKeys[0]),
    order: z.enum(SORT_ORDERS).default('asc'),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  });
}

/**
 * The search and keyset page of a list kept in one order, newest first (no sort to choose): the
 * finance lists spread it after their filters. A count route omits `cursor` and `limit`.
 */
export const newestFirstPaging = {
  search: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** A page of a list: its rows and the cursor of the next page (null on the last). */
export function listPage<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** The most matches a list's count route counts; beyond it the count says "10,000+". */
export const LIST_COUNT_CAP = 10_000;

/**
 * The most matches the count of a students name search counts ("1,000+" beyond): a common name
 * is narrowed by the user, not paged through, and each match counted is a row read.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * The query of a list's count route (`GET /api/<list>/count`): the list's search and filters,
 * without its sort and page (still strict: a cursor or limit is refused).
 */
export function countQueryOf<Shape extends ListPaging & z.core.$ZodShape>(
  query: z.ZodObject<Shape, z.core.$strict>,
) {
  // TypeScript cannot narrow `omit`'s key check through the generic shape; the keys are the paging ones.
  return (query as z.ZodObject<ListPaging, z.core.$strict>).omit(PAGING) as unknown as z.ZodObject<
    Omit<Shape, keyof ListPaging>,
    z.core.$strict
  >;
}
type ListPaging = { sort: z.ZodType; order: z.ZodType; cursor: z.ZodType; limit: z.ZodType };
const PAGING = { sort: true, order: true, cursor: true, limit: true } as const;

/** How many rows match a list's filters, counted up to LIST_COUNT_CAP (`capped` when more match). */
export const ListCount = z.object({ total: z.number().int(), capped: z.boolean() });
export type ListCount = z.infer<typeof ListCount>;
