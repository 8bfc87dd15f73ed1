import { queryOptions } from '@tanstack/react-query';
import type { ListCount } from '@tasreeh/shared';
import { answer, isBoolean, isInteger } from './answer-check.ts';
import { apiRequest } from './client.ts';
import { type ListParamValue, listPath } from './list-path.ts';

/** The shared `ListCount`, checked by hand: every list loads this, and no list needs Zod for it (decision 0010). */
export const ListCountAnswer = answer<ListCount>({ total: isInteger, capped: isBoolean });

/** Params of a list request that pick a page or its order, not which rows match: the count ignores them. */
const PAGE_KEYS = ['cursor', 'limit', 'sort', 'order'];

/** A list request's search and filters alone. */
function countFilters(params: Record<string, ListParamValue>): Record<string, ListParamValue> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !PAGE_KEYS.includes(key)));
}

/**
 * How many rows match a list's search and filters (`GET <path>/count`), under its own key
 * (`[...listKey, 'count', filters]`) so that it is asked once per filter, never per page or sort.
 */
export function listCountQuery<Params extends { [Key in keyof Params]: ListParamValue }>(
  listKey: readonly unknown[],
  path: string,
  params: Params,
) {
  const filters = countFilters(params);
  return queryOptions({
    queryKey: [...listKey, 'count', filters],
    queryFn: ({ signal }) =>
      apiRequest(listPath(`${path}/count`, filters), { schema: ListCountAnswer, signal }),
    staleTime: 30_000,
  });
}
