import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type StudentListParams, type StudentsScope, studentListQuery } from '../api.ts';

export const PAGE_SIZE = 20;
export const STUDENT_SORTS = ['nameEn', 'nameAr', 'createdAt'] as const;

export type StudentFilters = Omit<StudentListParams, 'cursor' | 'limit' | 'search'>;

const NO_FILTERS: Omit<StudentFilters, 'sort' | 'order'> = {
  branchId: '',
  corporateId: '',
  onHold: '',
  hasPhoto: '',
  nationality: '',
  gender: '',
};

/**
 * A students list's state: the typed search (sent once typing pauses), the filters and sort,
 * the keyset pages walked through (back to the first when anything changes), and the page.
 */
export function useStudentList(scope: StudentsScope) {
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<StudentFilters>({
    ...NO_FILTERS,
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    studentListQuery(scope, { ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const setFilter = <K extends keyof StudentFilters>(key: K, value: StudentFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  return { search, setSearch, filters, setFilter, pages, query };
}
