import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCountryOptions } from '../../registration/components/use-countries.ts';
import { branchOptionsQuery } from '../api.ts';
import { CorporatePicker } from './corporate-picker.tsx';
import { nameIn } from './student-labels.ts';
import { type StudentFilters as Filters, STUDENT_SORTS, type useStudentList } from './use-student-list.ts';

export type StudentFilterName = 'branch' | 'corporate' | 'hold' | 'photo' | 'nationality' | 'gender';

const yesNo = (value: string | null): '' | 'true' | 'false' =>
  value === 'true' || value === 'false' ? value : '';

/** The search box, the chosen filters, and the sort of a students list. */
export function StudentFilters({
  list,
  show,
}: {
  list: ReturnType<typeof useStudentList>;
  show: readonly StudentFilterName[];
}) {
  const { t } = useTranslation('students');
  const { t: field } = useTranslation('registration');
  const { language } = useLanguage();
  const countries = useCountryOptions(language);
  const branches = useQuery({ ...branchOptionsQuery, enabled: show.includes('branch') });
  const { filters, setFilter } = list;
  const shows = (name: StudentFilterName) => show.includes(name);

  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        {shows('branch') && (branches.data?.length ?? 0) > 1 && (
          <Select
            label={t('list.branch')}
            data={[
              { value: '', label: t('list.allBranches') },
              ...(branches.data ?? []).map((branch) => ({
                value: String(branch.id),
                label: nameIn(branch, language),
              })),
            ]}
            value={filters.branchId}
            onChange={(value) => setFilter('branchId', value ?? '')}
            allowDeselect={false}
          />
        )}
        {shows('corporate') && (
          <CorporatePicker
            label={t('list.corporate')}
            value={filters.corporateId}
            onChange={(value) => setFilter('corporateId', value)}
            noneLabel={t('list.allCorporates')}
            description=""
          />
        )}
        {shows('hold') && (
          <Select
            label={t('list.status')}
            data={[
              { value: '', label: t('list.allStatuses') },
              { value: 'true', label: t('status.onHold') },
              { value: 'false', label: t('status.active') },
            ]}
            value={filters.onHold}
            onChange={(value) => setFilter('onHold', yesNo(value))}
            allowDeselect={false}
          />
        )}
        {shows('photo') && (
          <Select
            label={t('biometrics.photoFilter')}
            data={[
              { value: '', label: t('biometrics.allPhotos') },
              { value: 'true', label: t('biometrics.withPhoto') },
              { value: 'false', label: t('biometrics.withoutPhoto') },
            ]}
            value={filters.hasPhoto}
            onChange={(value) => setFilter('hasPhoto', yesNo(value))}
            allowDeselect={false}
          />
        )}
        {shows('nationality') && (
          <Select
            label={field('fields.nationality')}
            data={[{ value: '', label: t('list.allNationalities') }, ...countries]}
            value={filters.nationality}
            onChange={(value) => setFilter('nationality', value ?? '')}
            searchable
            allowDeselect={false}
            maxDropdownHeight={280}
          />
        )}
        {shows('gender') && (
          <Select
            label={field('fields.gender')}
            data={[
              { value: '', label: t('list.allGenders') },
              { value: 'male', label: field('genders.male') },
              { value: 'female', label: field('genders.female') },
            ]}
            value={filters.gender}
            onChange={(value) => setFilter('gender', value === 'male' || value === 'female' ? value : '')}
            allowDeselect={false}
          />
        )}
        <Select
          label={t('list.sort')}
          data={STUDENT_SORTS.map((sort) => ({ value: sort, label: t(`list.sortBy.${sort}`) }))}
          value={filters.sort}
          onChange={(value) =>
            setFilter(
              'sort',
              STUDENT_SORTS.find((sort) => sort === value) ?? ('nameEn' satisfies Filters['sort']),
            )
          }
          allowDeselect={false}
        />
        <Select
          label={t('list.order')}
          data={[
            { value: 'asc', label: t('list.orders.asc') },
            { value: 'desc', label: t('list.orders.desc') },
          ]}
          value={filters.order}
          onChange={(value) => setFilter('order', value === 'desc' ? 'desc' : 'asc')}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Paper>
  );
}
