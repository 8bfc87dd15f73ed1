import { useQuery } from '@tanstack/react-query';
import { useListState } from '../../../components/list/use-list-state.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type StudentListParams, type StudentsScope, studentCountQuery, studentListQuery } from '../api.ts';

export type StudentFilters = Omit<StudentListParams, 'cursor' | 'limit' | 'search'>;

/** A students list's state (settled search, filters, sort, keyset pages), the page it asks for and the count. */
export function useStudentList(scope: StudentsScope) {
  const { language } = useLanguage();
  const list = useListState<StudentFilters>({
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
    branchId: '',
    corporateId: '',
    onHold: '',
    hasPhoto: '',
    nationality: '',
    gender: '',
  });
  const query = useQuery(studentListQuery(scope, list.params));
  const count = useQuery(studentCountQuery(scope, list.params));
  return { list, query, count };
}
