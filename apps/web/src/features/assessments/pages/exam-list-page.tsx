import { Anchor, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilters, ListStatusFilter } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { ActiveBadge } from '../../../components/status-badge.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { type ExamListParams, examCountQuery, examListQuery } from '../api.ts';
import { CourseFilter } from '../components/course-choice.tsx';
import { titleIn } from '../components/labels.ts';

const COLUMNS = ['title', 'course', 'questions', 'marks', 'duration', 'status'] as const;
type Filters = Omit<ExamListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/assessment-management` (read_7): the exams, searched, filtered by course and status, paged. */
export function ExamListPage() {
  const { t } = useTranslation('assessments');
  const { language } = useLanguage();
  const canCreate = useAbility('assessments', 'create');
  const byTitle = { sort: language === 'ar' ? 'titleAr' : 'titleEn', order: 'asc' } as const;
  const list = useListState<Filters>({ courseId: '', status: '', ...byTitle });
  const query = useQuery(examListQuery(list.params));
  const count = useQuery(examCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/add-assessment', allowed: canCreate };
  const number = (value: number) => formatNumber(value, language);

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <ListFilters list={list} columns={3} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
        <CourseFilter value={list.filters.courseId} onChange={(value) => list.setFilter('courseId', value)} />
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
        totalTestId="exam-total"
      >
        {(items) => (
          <ListTable
            caption={t('list.caption')}
            minWidth={760}
            columns={columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), { title: byTitle.sort })}
            sort={tableSortOf(list)}
          >
            {items.map((exam) => (
              <Table.Tr key={exam.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/view-assessment/${exam.id}`} data-user-data>
                    {titleIn(exam, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td data-user-data>
                  {language === 'ar' ? exam.courseNameAr : exam.courseNameEn}
                </Table.Td>
                <Table.Td>{number(exam.questionCount)}</Table.Td>
                <Table.Td>
                  {t('list.marksOf', { passing: number(exam.passingMarks), full: number(exam.fullMarks) })}
                </Table.Td>
                <Table.Td>
                  {t('minutes', { count: exam.durationMinutes, value: number(exam.durationMinutes) })}
                </Table.Td>
                <Table.Td>
                  <ActiveBadge active={exam.status === 'active'} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
