import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../../components/list/list-filters.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { courseListQuery } from '../../courses/api.ts';

/** The courses an exam may belong to (the first hundred by name: a centre has a few dozen). */
function useCourseOptions() {
  const { language } = useLanguage();
  const query = useQuery(
    courseListQuery({
      search: '',
      sector: '',
      language: '',
      status: '',
      sort: language === 'ar' ? 'nameAr' : 'nameEn',
      order: 'asc',
      cursor: undefined,
      limit: 100,
    }),
  );
  return (query.data?.items ?? []).map((course) => ({
    value: String(course.id),
    label: nameIn(course, language),
  }));
}

export function CourseFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('assessments');
  return (
    <ChoiceFilter
      label={t('list.course')}
      allLabel={t('list.allCourses')}
      options={useCourseOptions()}
      value={value}
      onChange={onChange}
      searchable
    />
  );
}

export function CourseSelect(props: {
  label: string;
  error?: string;
  value: string;
  onChange(value: string): void;
}) {
  const options = useCourseOptions();
  return (
    <Select
      label={props.label}
      required
      searchable
      data={options}
      value={props.value || null}
      onChange={(next) => props.onChange(next ?? '')}
      error={props.error}
    />
  );
}
