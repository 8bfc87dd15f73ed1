import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { type CenterListParams, centerListQuery } from '../api.ts';

export type CenterFilters = Omit<CenterListParams, 'cursor' | 'limit' | 'search'>;

const PAGE_SIZE = 20;

/** A centres list's state: the search (debounced), the filters, the keyset pages and the query. */
export function useCenterList(initial: CenterFilters) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<CenterFilters>(initial);
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    centerListQuery({ ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const setFilter = <K extends keyof CenterFilters>(key: K, value: CenterFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  return { search, setSearch, filters, setFilter, pages, query };
}

export type CenterList = ReturnType<typeof useCenterList>;
