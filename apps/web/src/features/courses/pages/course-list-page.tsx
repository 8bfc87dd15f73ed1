import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { COURSE_SECTORS, COURSE_STATUSES, TRAINING_LANGUAGES } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { useKeysetPages } from '../../../components/list/use-keyset-pages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { type CourseListParams, courseListQuery } from '../api.ts';
import { courseName, setupKey, setupTone } from '../components/course-labels.ts';

const PAGE_SIZE = 20;
const SORTS = ['nameEn', 'nameAr', 'createdAt'] as const;
type Filters = Omit<CourseListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/course-management` (read_6): courses searched, filtered, sorted and paged on the server. */
export function CourseListPage() {
  const { t } = useTranslation('courses');
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const canCreate = useCan('create_6');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 350);
  const [filters, setFilters] = useState<Filters>({
    sector: '',
    language: '',
    status: '',
    sort: language === 'ar' ? 'nameAr' : 'nameEn',
    order: 'asc',
  });
  const pages = useKeysetPages(JSON.stringify([debouncedSearch, filters]));
  const query = useQuery(
    courseListQuery({ ...filters, search: debouncedSearch, cursor: pages.cursor, limit: PAGE_SIZE }),
  );
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const choices = <Value extends string>(values: readonly Value[], group: string, allLabel: string) => [
    { value: '', label: allLabel },
    ...values.map((value) => ({ value, label: t(`${group}.${value}`) })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button
            component={Link}
            to="/admin/add-new-course"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('list.add')}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }}>
          <TextInput
            type="search"
            label={t('list.search')}
            placeholder={t('list.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          <Select
            label={t('list.sector')}
            data={choices(COURSE_SECTORS, 'sectors', t('list.allSectors'))}
            value={filters.sector}
            onChange={(value) => setFilter('sector', (value ?? '') as Filters['sector'])}
            allowDeselect={false}
          />
          <Select
            label={t('list.language')}
            data={choices(TRAINING_LANGUAGES, 'languages', t('list.allLanguages'))}
            value={filters.language}
            onChange={(value) => setFilter('language', (value ?? '') as Filters['language'])}
            allowDeselect={false}
          />
          <Select
            label={common('list.status')}
            data={[
              { value: '', label: common('list.allStatuses') },
              ...COURSE_STATUSES.map((status) => ({ value: status, label: common(`statuses.${status}`) })),
            ]}
            value={filters.status}
            onChange={(value) => setFilter('status', (value ?? '') as Filters['status'])}
            allowDeselect={false}
          />
          <Select
            label={common('list.sort')}
            data={SORTS.map((sort) => ({ value: sort, label: t(`list.sortBy.${sort}`) }))}
            value={filters.sort}
            onChange={(value) => setFilter('sort', (value ?? 'nameEn') as Filters['sort'])}
            allowDeselect={false}
          />
          <Select
            label={common('list.order')}
            data={[
              { value: 'asc', label: common('list.orders.asc') },
              { value: 'desc', label: common('list.orders.desc') },
            ]}
            value={filters.order}
            onChange={(value) => setFilter('order', value === 'desc' ? 'desc' : 'asc')}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="course-total">
            {t('list.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('list.empty')}</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Caption>{t('list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.columns.name')}</Table.Th>
                    <Table.Th>{t('list.columns.sector')}</Table.Th>
                    <Table.Th>{t('list.columns.language')}</Table.Th>
                    <Table.Th>{t('list.columns.level')}</Table.Th>
                    <Table.Th>{t('list.columns.sessions')}</Table.Th>
                    <Table.Th>{t('list.columns.fee')}</Table.Th>
                    <Table.Th>{t('list.columns.status')}</Table.Th>
                    <Table.Th>{t('list.columns.setup')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((course) => (
                    <Table.Tr key={course.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/view-course/${course.id}`} data-user-data>
                          {courseName(course, language)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{t(`sectors.${course.sector}`)}</Table.Td>
                      <Table.Td>{t(`languages.${course.language}`)}</Table.Td>
                      <Table.Td>{t(`levels.${course.level}`)}</Table.Td>
                      <Table.Td>{formatNumber(course.sessionCount, language)}</Table.Td>
                      <Table.Td>{formatSar(course.feeTotal, language)}</Table.Td>
                      <Table.Td>
                        <StatusBadge tone={course.status === 'active' ? 'positive' : 'neutral'}>
                          {common(`statuses.${course.status}`)}
                        </StatusBadge>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge tone={setupTone(course)}>{t(setupKey(course))}</StatusBadge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListPager
            pages={pages}
            nextCursor={query.data.nextCursor}
            isFetching={query.isFetching}
            label={t('list.pages')}
          />
        </>
      )}
    </Stack>
  );
}
