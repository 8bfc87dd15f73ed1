import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { bookableCoursesQuery } from '../../bookings/api.ts';

/** A list of students' exam results, filtered by course among others. */
type ResultList = Pick<
  ListState<{ courseId: string }>,
  'filters' | 'setFilter' | 'activeFilterCount' | 'search' | 'setSearch'
>;

/**
 * The filter bar of the lists of students' exam results (`scores` and `retake-exam`): the search
 * by student, the course filter (searchable, "All courses" first), then the list's own filters.
 */
export function ResultFilters({
  list,
  columns,
  search,
  course,
  children,
}: {
  list: ResultList;
  columns: number;
  /** The search field's label and hint; none: no search (a student's own scores). */
  search?: { label: string; hint?: string };
  /** The course filter's labels; none: no course filter, and the courses are not asked for. */
  course?: { label: string; allLabel: string };
  /** The list's other filters, after the course. */
  children?: ReactNode;
}) {
  const { language } = useLanguage();
  const courses = useQuery({ ...bookableCoursesQuery, enabled: course !== undefined });
  return (
    <ListFilters list={list} columns={columns} search={search}>
      {course && courses.isSuccess && (
        <ChoiceFilter
          label={course.label}
          allLabel={course.allLabel}
          options={courses.data.items.map((item) => ({
            value: String(item.id),
            label: nameIn(item, language),
          }))}
          value={list.filters.courseId}
          onChange={(value) => list.setFilter('courseId', value)}
          searchable
        />
      )}
      {children}
    </ListFilters>
  );
}
