import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list/list-results.tsx';
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
      <Title order={1} size="h2">
        {t('biometrics.title')}
      </Title>
      <Text c="gray.7">{t('biometrics.intro')}</Text>
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
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover withTableBorder>
              <Table.Caption>{t('biometrics.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.columns.name')}</Table.Th>
                  <Table.Th>{t('list.columns.id')}</Table.Th>
                  <Table.Th>{t('list.columns.branch')}</Table.Th>
                  <Table.Th>{t('biometrics.photo')}</Table.Th>
                  <Table.Th>{t('biometrics.fingerprint')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                    <Table.Td data-user-data>
                      {student.branch ? nameIn(student.branch, language) : ''}
                    </Table.Td>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListResults>
    </Stack>
  );
}
