import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { useAbility } from '../../auth/use-ability.ts';
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
  const navigate = useNavigate();
  const canCreate = useAbility('students', 'create');
  const { list, query, count } = useStudentList('admin');
  const add = { label: t('list.add'), to: '/admin/students/add-new', allowed: canCreate };

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <Paper withBorder p="md">
        <FindByIdNumber
          id="find-student-id"
          onFound={(student) => navigate(`/admin/students/profile/${student.id}`)}
        />
      </Paper>
      <StudentFilters list={list} show={['branch', 'corporate', 'hold', 'nationality', 'gender']} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="student-total"
      >
        {(students) => (
          <StudentTable
            list={list}
            students={students}
            profilePath={(id) => `/admin/students/profile/${id}`}
            showCorporate
          />
        )}
      </ListResults>
    </Stack>
  );
}
