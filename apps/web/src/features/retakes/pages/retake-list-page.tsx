import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RETAKE_DUE_KINDS, type RetakeDueKind, type RetakeRow } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { ResultFilters } from '../../exam-results/components/result-filters.tsx';
import { type RetakeListParams, retakeCountQuery, retakeListQuery } from '../api.ts';

type Filters = Omit<RetakeListParams, 'cursor' | 'limit' | 'search'>;

/** The locale key of what is due (keys are camel case). */
export const dueKey = (due: RetakeDueKind) => (due === 'rebook-course' ? 'rebookCourse' : due);

const DUE_TONE = { ReAssessment: 'positive', ReTake: 'warning', 'rebook-course': 'negative' } as const;

/**
 * `retake-exam` (read_9): the students whose latest exam failed and what the official rule makes
 * due (a free ReAssessment, a paid ReTake, or the course again), each with a link to book it.
 */
export function RetakeListPage() {
  const { t } = useTranslation(['retakes', 'messages']);
  const list = useListState<Filters>({ courseId: '', due: '', order: 'desc' });
  const query = useQuery(retakeListQuery(list.params));
  const count = useQuery(retakeCountQuery(list.params));
  const title = t('retakes:title');
  return (
    <Stack gap="md">
      <ListHeader title={title} intro={t('retakes:intro')} />
      <ResultFilters
        list={list}
        columns={3}
        search={{ label: t('retakes:search'), hint: t('retakes:searchHint') }}
        course={{ label: t('retakes:filters.course'), allLabel: t('retakes:filters.allCourses') }}
      >
        <ChoiceFilter
          label={t('retakes:filters.due')}
          allLabel={t('retakes:filters.allDue')}
          options={RETAKE_DUE_KINDS.map((value) => ({ value, label: t(`retakes:due.${dueKey(value)}`) }))}
          value={list.filters.due}
          onChange={(value) => list.setFilter('due', value)}
        />
      </ResultFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('retakes:count', { count: shown, total })}
        noneText={t('retakes:none')}
        noMatchText={t('retakes:noMatch')}
        pagesLabel={t('retakes:pages')}
        totalTestId="retake-total-count"
      >
        {(items) => <RetakeTable caption={title} items={items} />}
      </ListResults>
    </Stack>
  );
}

const COLUMNS = ['student', 'idNumber', 'course', 'lastExam', 'fails', 'due', 'fee', 'action'] as const;

function RetakeTable({ caption, items }: { caption: string; items: RetakeRow[] }) {
  const { t } = useTranslation('retakes');
  const { language } = useLanguage();
  const mayBook = useAbility('retakes', 'book');
  return (
    <ListTable caption={caption} minWidth={900} columns={COLUMNS.map((column) => t(`columns.${column}`))}>
      {items.map((row) => (
        <Table.Tr key={row.id} data-testid={`retake-${row.studentId}-${row.courseId}`}>
          <Table.Td data-user-data>
            {nameIn({ nameEn: row.studentNameEn, nameAr: row.studentNameAr }, language)}
          </Table.Td>
          <Table.Td data-user-data dir="ltr">
            {row.idNumber ?? '—'}
          </Table.Td>
          <Table.Td data-user-data>
            {nameIn({ nameEn: row.courseNameEn, nameAr: row.courseNameAr }, language)}
          </Table.Td>
          <Table.Td>{formatDate(new Date(row.lastExamAt), language)}</Table.Td>
          <Table.Td>{formatNumber(row.fails, language)}</Table.Td>
          <Table.Td>
            <StatusBadge tone={DUE_TONE[row.due]}>{t(`due.${dueKey(row.due)}`)}</StatusBadge>
          </Table.Td>
          <Table.Td>
            {row.fee === null ? '—' : row.fee === 0 ? t('free') : formatSar(row.fee, language)}
          </Table.Td>
          <Table.Td>
            {row.bookedBookingId !== null ? (
              <Anchor component={Link} to={`/admin/booking-management/book-details/${row.bookedBookingId}`}>
                {t('booked')}
              </Anchor>
            ) : row.due === 'rebook-course' ? (
              <Text size="sm" c="gray.7">
                {t('rebookHint')}
              </Text>
            ) : mayBook ? (
              <Button
                size="xs"
                component={Link}
                to={`/admin/retake-exam/book-retake?studentId=${row.studentId}&courseId=${row.courseId}&due=${row.due}`}
              >
                {t('book', { due: t(`due.${dueKey(row.due)}`) })}
              </Button>
            ) : (
              '—'
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
