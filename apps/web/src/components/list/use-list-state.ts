import { useDebouncedValue } from '@mantine/hooks';
import type { Language } from '@tasreeh/shared';
import { useState } from 'react';
import { type KeysetPages, useKeysetPages } from './use-keyset-pages.ts';

const SEARCH_DEBOUNCE_MS = 350;

export interface ListState<Filters> {
  /** The search box as typed. */
  search: string;
  setSearch(value: string): void;
  filters: Filters;
  setFilter<Key extends keyof Filters>(key: Key, value: Filters[Key]): void;
  pages: KeysetPages;
  /** What the list query asks for: the filters, the settled search, the page's cursor and size. */
  params: Filters & { search: string; cursor: string | undefined; limit: number };
}

/**
 * The state of a searched, filtered and keyset-paged list: the search settles before it is
 * sent, and a new search or filter starts again from the first page.
 */
export function useListState<Filters extends object>(
  initialFilters: Filters,
  limit = 20,
): ListState<Filters> {
  const [search, setSearch] = useState('');
  const [settledSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState(initialFilters);
  const pages = useKeysetPages(JSON.stringify([settledSearch, filters]));
  return {
    search,
    setSearch,
    filters,
    setFilter: (key, value) => setFilters((current) => ({ ...current, [key]: value })),
    pages,
    params: { ...filters, search: settledSearch, cursor: pages.cursor, limit },
  };
}

/** How a list of named records is first sorted: by the name in the UI language, A to Z. */
export function byName(language: Language) {
  return { sort: language === 'ar' ? 'nameAr' : 'nameEn', order: 'asc' } as const;
}
