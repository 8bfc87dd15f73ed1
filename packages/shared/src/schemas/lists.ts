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

/** A page of a list: its rows, the cursor of the next page (null on the last) and the count of all matches. */
export function listPage<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number() });
}
