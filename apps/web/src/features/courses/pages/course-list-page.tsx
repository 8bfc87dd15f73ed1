import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { COURSE_SECTORS, TRAINING_LANGUAGES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter, ListFilters, ListStatusFilter } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { byName, useListState } from '../../../components/list/use-list-state.ts';
import { ActiveBadge, StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { type CourseListParams, courseCountQuery, courseListQuery } from '../api.ts';
import { setupKey, setupTone } from '../components/course-labels.ts';

const COLUMNS = ['name', 'sector', 'language', 'level', 'sessions', 'fee', 'status', 'setup'] as const;
type Filters = Omit<CourseListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/course-management` (read_6): courses searched, filtered, sorted and paged on the server. */
export function CourseListPage() {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const canCreate = useAbility('courses', 'create');
  const list = useListState<Filters>({
    sector: '',
    language: '',
    status: '',
    ...byName(language),
  });
  const query = useQuery(courseListQuery(list.params));
  const count = useQuery(courseCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/add-new-course', allowed: canCreate };
  const choices = <Value extends string>(values: readonly Value[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <ListFilters list={list} columns={4} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
        <ChoiceFilter
          label={t('list.sector')}
          allLabel={t('list.allSectors')}
          options={choices(COURSE_SECTORS, 'sectors')}
          value={list.filters.sector}
          onChange={(value) => list.setFilter('sector', value)}
        />
        <ChoiceFilter
          label={t('list.language')}
          allLabel={t('list.allLanguages')}
          options={choices(TRAINING_LANGUAGES, 'languages')}
          value={list.filters.language}
          onChange={(value) => list.setFilter('language', value)}
        />
        <ListStatusFilter list={list} />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="course-total"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={820}
            columns={columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), {
              name: byName(language).sort,
            })}
            sort={tableSortOf(list)}
          >
            {items.map((course) => (
              <Table.Tr key={course.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/view-course/${course.id}`} data-user-data>
                    {nameIn(course, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`sectors.${course.sector}`)}</Table.Td>
                <Table.Td>{t(`languages.${course.language}`)}</Table.Td>
                <Table.Td>{t(`levels.${course.level}`)}</Table.Td>
                <Table.Td>{formatNumber(course.sessionCount, language)}</Table.Td>
                <Table.Td>{formatSar(course.feeTotal, language)}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={course.status === 'active'} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge tone={setupTone(course)}>{t(setupKey(course))}</StatusBadge>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
