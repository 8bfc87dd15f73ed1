import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPager } from '../../../components/list/list-pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { FindByIdNumber } from '../components/find-by-id-number.tsx';
import { StudentFilters } from '../components/student-filters.tsx';
import { StudentTable } from '../components/student-table.tsx';
import { useStudentList } from '../components/use-student-list.ts';

/**
 * `/admin/students` (read_3): the students in the user's reach, searched (names, ID number,
 * phone), filtered and sorted on the server, in keyset pages; and the "find by ID number" box.
 */
export function StudentListPage() {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const canCreate = useCan('create_3');
  const list = useStudentList('admin');
  const { query, pages } = list;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate && (
          <Button
            component={Link}
            to="/admin/students/add-new"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('list.add')}
          </Button>
        )}
      </Group>

      <Paper withBorder p="md">
        <FindByIdNumber
          id="find-student-id"
          onFound={(student) => navigate(`/admin/students/profile/${student.id}`)}
        />
      </Paper>

      <StudentFilters list={list} show={['branch', 'corporate', 'hold', 'nationality', 'gender']} />

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text c="gray.7" aria-live="polite" data-testid="student-total">
            {t('list.total', { total: formatNumber(query.data.total, language) })}
          </Text>
          {query.data.items.length === 0 ? (
            <EmptyState>{t('list.empty')}</EmptyState>
          ) : (
            <StudentTable
              students={query.data.items}
              profilePath={(id) => `/admin/students/profile/${id}`}
              showCorporate
            />
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
