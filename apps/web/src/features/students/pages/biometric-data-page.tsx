import { Anchor, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StudentFilters } from '../components/student-filters.tsx';
import { useStudentList } from '../components/use-student-list.ts';

function YesNo({ yes, yesText, noText }: { yes: boolean; yesText: string; noText: string }) {
  return <StatusBadge tone={yes ? 'positive' : 'neutral'}>{yes ? yesText : noText}</StatusBadge>;
}

/**
 * `/admin/students/biometricdata` (read_3): each student's biometric status, from the server:
 * a personal photo on file or not, and fingerprint enrolment for exam check-in.
 */
export function BiometricDataPage() {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const { list, query } = useStudentList('admin');

  return (
    <Stack gap="md">
      <ListHeader title={t('biometrics.title')} intro={t('biometrics.intro')} />
      <StudentFilters list={list} show={['branch', 'photo']} />
      <ListResults
        query={query}
        pages={list.pages}
        totalText={(total) => t('list.total', { total: formatNumber(total, language) })}
        emptyText={t('list.empty')}
        pagesLabel={t('list.pages')}
        totalTestId="student-total"
      >
        {(students) => (
          <ListTable
            caption={t('biometrics.caption')}
            columns={[
              t('list.columns.name'),
              t('list.columns.id'),
              t('list.columns.branch'),
              t('biometrics.photo'),
              t('biometrics.fingerprint'),
            ]}
            minWidth={640}
          >
            {students.map((student) => (
              <Table.Tr key={student.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/students/profile/${student.id}`} data-user-data>
                    {nameIn(student, language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <bdi data-user-data>{student.idNumber}</bdi>
                </Table.Td>
                <Table.Td data-user-data>{student.branch ? nameIn(student.branch, language) : ''}</Table.Td>
                <Table.Td>
                  <YesNo
                    yes={student.hasPhoto}
                    yesText={t('biometrics.onFile')}
                    noText={t('biometrics.none')}
                  />
                </Table.Td>
                <Table.Td>
                  <YesNo
                    yes={student.fingerprintEnrolled}
                    yesText={t('biometrics.enrolled')}
                    noText={t('biometrics.notEnrolled')}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
