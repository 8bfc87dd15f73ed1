import { Anchor, Table, Text } from '@mantine/core';
import type { StudentSummary } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCountryOptions } from '../../registration/components/use-countries.ts';
import { StudentStatus } from './student-status.tsx';

/** A page of students: name (to the profile), ID, mobile, nationality, branch, corporate and status. */
export function StudentTable({
  students,
  profilePath,
  showCorporate,
}: {
  students: StudentSummary[];
  profilePath: (id: number) => string;
  showCorporate: boolean;
}) {
  const { t } = useTranslation('students');
  const { t: field } = useTranslation('registration');
  const { language } = useLanguage();
  const countries = useCountryOptions(language);
  const countryName = (code: string | null) =>
    countries.find((country) => country.value === code)?.label ?? t('profile.none');

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption>{t('list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.name')}</Table.Th>
            <Table.Th>{t('list.columns.id')}</Table.Th>
            <Table.Th>{t('list.columns.mobile')}</Table.Th>
            <Table.Th>{t('list.columns.nationality')}</Table.Th>
            <Table.Th>{t('list.columns.branch')}</Table.Th>
            {showCorporate && <Table.Th>{t('list.columns.corporate')}</Table.Th>}
            <Table.Th>{t('list.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.id}>
              <Table.Td>
                <Anchor component={Link} to={profilePath(student.id)} data-user-data>
                  {nameIn(student, language)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <bdi data-user-data>{student.idNumber}</bdi>
                {student.idType && (
                  <Text span display="block" size="xs" c="gray.7">
                    {field(`idTypes.${student.idType}`)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <bdi data-user-data dir="ltr">
                  {student.phone}
                </bdi>
              </Table.Td>
              <Table.Td>{countryName(student.nationality)}</Table.Td>
              <Table.Td data-user-data>{student.branch ? nameIn(student.branch, language) : ''}</Table.Td>
              {showCorporate && (
                <Table.Td>
                  {student.corporate ? (
                    <span data-user-data>{nameIn(student.corporate, language)}</span>
                  ) : (
                    <Text span size="sm" c="gray.7">
                      {t('profile.individual')}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>
                <StudentStatus onHold={student.onHold} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
