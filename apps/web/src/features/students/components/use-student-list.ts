import { useQuery } from '@tanstack/react-query';
import { useListState } from '../../../components/list/use-list-state.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type StudentListParams, type StudentsScope, studentListQuery } from '../api.ts';

export const STUDENT_SORTS = ['nameEn', 'nameAr', 'createdAt'] as const;

export type StudentFilters = Omit<StudentListParams, 'cursor' | 'limit' | 'search'>;

/** A students list's state (settled search, filters, sort, keyset pages) and the page it asks for. */
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
  return { list, query };
}
