import { Anchor, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { ListTable } from '../../../components/list/list-table.tsx';
import { byName } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { nameIn } from '../../../i18n/format.ts';
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
  const { list, query, count } = useStudentList('admin');

  return (
    <Stack gap="md">
      <ListHeader title={t('biometrics.title')} intro={t('biometrics.intro')} />
      <StudentFilters list={list} show={['branch', 'photo']} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        pagesLabel={t('list.pages')}
        totalTestId="student-total"
      >
        {(students) => (
          <ListTable
            caption={t('biometrics.caption')}
            sort={tableSortOf(list)}
            columns={[
              { label: t('list.columns.name'), sort: byName(language).sort },
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
                  />{' '}
                  <Anchor
                    component={Link}
                    to={`/admin/students/biometricdata/${student.id}`}
                    size="sm"
                    aria-label={`${t('biometrics.manageFingerprint')} ${nameIn(student, language)}`}
                  >
                    {t('biometrics.manageFingerprint')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
