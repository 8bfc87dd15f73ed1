import { useDebouncedValue } from '@mantine/hooks';
import type { Language } from '@tasreeh/shared';
import { useState } from 'react';
import { type KeysetPages, useKeysetPages } from './use-keyset-pages.ts';

const SEARCH_DEBOUNCE_MS = 350;

/** Filters that say how a list is ordered, not which rows it holds: never counted, never cleared. */
const ORDER_KEYS: readonly string[] = ['sort', 'order'];

export interface ListState<Filters> {
  /** The search box as typed. */
  search: string;
  setSearch(value: string): void;
  filters: Filters;
  setFilter<Key extends keyof Filters>(key: Key, value: Filters[Key]): void;
  /** How many filters (not the search, not the sort) differ from where the list started. */
  activeFilterCount: number;
  /** Whether the settled search or a filter narrows the rows shown. */
  isFiltered: boolean;
  /** Empties the search and puts every filter back where it started; the sort stays. */
  clearFilters(): void;
  pages: KeysetPages;
  /** What the list query asks for: the filters, the settled search, the page's cursor and size. */
  params: Filters & { search: string; cursor: string | undefined; limit: number };
}

/**
 * The state of a searched, filtered and keyset-paged list: the search settles before it is
 * sent, and a new search, filter or sort starts again from the first page.
 */
export function useListState<Filters extends object>(
  initialFilters: Filters,
  limit = 20,
): ListState<Filters> {
  const [search, setSearch] = useState('');
  const [settledSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState(initialFilters);
  const pages = useKeysetPages(JSON.stringify([settledSearch, filters]));
  const activeFilterCount = activeKeys(filters, initialFilters).length;
  return {
    search,
    setSearch,
    filters,
    setFilter: (key, value) => setFilters((current) => ({ ...current, [key]: value })),
    activeFilterCount,
    isFiltered: activeFilterCount > 0 || settledSearch.trim() !== '',
    clearFilters: () => {
      setSearch('');
      setFilters((current) => {
        const cleared = { ...current };
        for (const key of activeKeys(current, initialFilters)) cleared[key] = initialFilters[key];
        return cleared;
      });
    },
    pages,
    params: { ...filters, search: settledSearch, cursor: pages.cursor, limit },
  };
}

/** The filters that narrow the rows and no longer hold their starting value. */
function activeKeys<Filters extends object>(filters: Filters, initial: Filters): (keyof Filters)[] {
  // Safe: `Object.keys` of a Filters object names only its own keys.
  const keys = Object.keys(filters) as (keyof Filters)[];
  return keys.filter((key) => !ORDER_KEYS.includes(String(key)) && filters[key] !== initial[key]);
}

/** How a list of named records is first sorted: by the name in the UI language, A to Z. */
export function byName(language: Language) {
  return { sort: language === 'ar' ? 'nameAr' : 'nameEn', order: 'asc' } as const;
}
