import { Anchor, Table, Text } from '@mantine/core';
import type { StudentSummary } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { ListTable } from '../../../components/list/list-table.tsx';
import { byName, type ListState } from '../../../components/list/use-list-state.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCountryOptions } from '../../registration/components/use-countries.ts';
import { StudentStatus } from './student-status.tsx';
import type { StudentFilters } from './use-student-list.ts';

/**
 * A page of students: name (to the profile, sortable by the name in the UI language), ID,
 * mobile, nationality, branch, corporate and status.
 */
export function StudentTable({
  list,
  students,
  profilePath,
  showCorporate,
}: {
  list: ListState<StudentFilters>;
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
    <ListTable
      caption={t('list.caption')}
      minWidth={760}
      sort={tableSortOf(list)}
      columns={[
        { label: t('list.columns.name'), sort: byName(language).sort },
        t('list.columns.id'),
        t('list.columns.mobile'),
        t('list.columns.nationality'),
        t('list.columns.branch'),
        ...(showCorporate ? [t('list.columns.corporate')] : []),
        t('list.columns.status'),
      ]}
    >
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
    </ListTable>
  );
}
